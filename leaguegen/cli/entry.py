"""``python -m leaguegen.cli.entry``: the console script without an installed wrapper."""

from leaguegen.cli import main

if __name__ == "__main__":
    main()
