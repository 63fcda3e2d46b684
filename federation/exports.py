"""The EMA results as files: `<slug>-ema.csv` and `<slug>-ema.xlsx`, the same columns
(federation.selectors.HEADER) and rows (docs/federation.md).

The CSV is written as the other downloads are (tournaments.selectors.exports.csv_bytes: UTF-8
with a byte-order mark, a text starting like a formula behind an apostrophe). The Excel file
stores every text as a text cell, never as a formula or an error value, and every number as
a number; a cell that reads like a formula carries Excel's own "typed with an apostrophe"
mark, so that editing it keeps it text.
"""

import io
import zipfile

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, TYPE_STRING
from openpyxl.utils import get_column_letter

from federation.selectors import HEADER, ema_rows
from tournaments.models import Tournament
from tournaments.selectors.exports import FORMULA_STARTS, ExportFile, csv_bytes

BOM = "\ufeff".encode()
CSV_TYPE = "text/csv; charset=utf-8"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
TEXT_FORMAT = "@"  # Excel's "Text": the EMA id keeps its leading zero
COLUMN_WIDTHS = {"name": 32, "ema_id": 11, "mers_base_rating": 17}


def ema_csv_file(*, tournament: Tournament, provisional: str = "") -> ExportFile:
    """`provisional`: the text of a first line saying the file is not final results (what
    keeps them from being final), before the header; empty: final results, no such line."""
    rows = [row.cells() for row in ema_rows(tournament=tournament)]
    content = csv_bytes(HEADER, rows)
    if provisional:
        first = csv_bytes([provisional], [])  # one cell, quoted as needed, with its BOM
        content = first + content.removeprefix(BOM)
    return ExportFile(f"{tournament.slug}-ema.csv", CSV_TYPE, content)


def _write_text(cell, text: str) -> None:
    """A text cell whatever it looks like: openpyxl would store "=…" as a formula and "#N/A"
    as an error value."""
    cell.value = ILLEGAL_CHARACTERS_RE.sub("", text)
    cell.data_type = TYPE_STRING
    if cell.value.startswith(FORMULA_STARTS):
        cell.quotePrefix = True


def ema_xlsx_file(*, tournament: Tournament, provisional: str = "") -> ExportFile:
    """As ema_csv_file: with `provisional`, its text in the first row, the header below."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "EMA"
    if provisional:
        _write_text(sheet.cell(row=1, column=1), provisional)
    header_row = sheet.max_row + 1 if provisional else 1
    for column, name in enumerate(HEADER, start=1):
        sheet.cell(row=header_row, column=column, value=name)
    for line, row in enumerate(ema_rows(tournament=tournament), start=header_row + 1):
        for column, value in enumerate(row.cells(), start=1):
            cell = sheet.cell(row=line, column=column)
            if isinstance(value, str) and value:
                _write_text(cell, value)
            else:
                cell.value = None if value == "" else value  # a number; None, "": empty
    ema_id_column = get_column_letter(HEADER.index("ema_id") + 1)
    for cell in sheet[ema_id_column]:
        cell.number_format = TEXT_FORMAT
    for name, width in COLUMN_WIDTHS.items():
        sheet.column_dimensions[get_column_letter(HEADER.index(name) + 1)].width = width
    sheet.freeze_panes = f"A{header_row + 1}"
    out = io.BytesIO()
    workbook.save(out)
    cells = f"{ema_id_column}1:{ema_id_column}{sheet.max_row}"
    content = _numbers_as_text_expected(out.getvalue(), cells)
    return ExportFile(f"{tournament.slug}-ema.xlsx", XLSX_TYPE, content)


def _numbers_as_text_expected(xlsx: bytes, cells: str) -> bytes:
    """Tell Excel the EMA numbers are text on purpose (`ignoredErrors`), so that it marks none
    of them with its "number stored as text" warning. openpyxl reads this element but does not
    write it: it goes in at the end of the sheet, where the schema puts it after the page
    set-up and before any drawing (this sheet has none)."""
    element = (
        f'<ignoredErrors><ignoredError sqref="{cells}" numberStoredAsText="1"/></ignoredErrors>'
    )
    source = zipfile.ZipFile(io.BytesIO(xlsx))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</worksheet>", element.encode() + b"</worksheet>")
            target.writestr(item, data)
    return out.getvalue()
