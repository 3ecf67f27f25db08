"""Sheets to print on the tournament day: per round, the pairings by board and the A-Z
list in large type, result slips, score sheets, place cards, and a wall chart of the
crosstable (docs/printables.md).

Each is a template in ``site_template/print/`` rendered from one context
(``context.print_page``) and made into a PDF by the site's one WeasyPrint path
(``site/pdf.html_to_pdf``: fonts and styles from the template folder only, nothing
fetched from elsewhere). ``leaguegen print`` writes them on request; a build writes the
current round's beside the pages (``make.build_sources``).
"""

from leaguegen.site.printables.context import PRINTABLES, NotPrintable, print_page
from leaguegen.site.printables.make import (
    build_sources,
    printable_html,
    printable_path,
    printable_pdf,
)

__all__ = ["PRINTABLES", "NotPrintable", "build_sources", "print_page", "printable_html",
           "printable_path", "printable_pdf"]
