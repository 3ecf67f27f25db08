"""The CLI imports a command's module only when that command runs.

``leaguegen.cli.COMMANDS`` names the module of every command; if a module
registers a command the table does not list (or the table names the wrong
module), the command would vanish from ``leaguegen --help`` or fail to load.
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

from click.testing import CliRunner

import leaguegen.cli as cli


def test_every_registered_command_is_in_the_table_with_its_module():
    for module in pkgutil.iter_modules(cli.__path__):  # every module, listed or not
        importlib.import_module(f"leaguegen.cli.{module.name}")
    registered = {name: command.callback.__module__ for name, command in cli.main.commands.items()}
    assert set(registered) == set(cli.COMMANDS)
    for name, module in registered.items():
        assert module == f"leaguegen.cli.{cli.COMMANDS[name]}", name


def test_help_lists_every_command():
    result = CliRunner().invoke(cli.main, ["--help"])
    assert result.exit_code == 0
    listed = {line.split()[0] for line in result.output.split("Commands:")[1].splitlines()
              if line.strip()}
    assert listed == set(cli.COMMANDS)


def test_build_does_not_import_the_pairing_engines_or_the_planner():
    """What made ``leaguegen build`` with nothing changed cost a third of a second."""
    code = ("import sys; from leaguegen.cli import main\n"
            "try:\n    main(['build', '--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('leaguegen.domain.pairing',"
            " 'leaguegen.domain.planning', 'leaguegen.cli.plan_cmd'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
