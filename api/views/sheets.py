"""API: score sheets (see api/urls.py). Reads in sheet_read, writes in sheet_write; what both
share (who reads which sheet, the sheet as JSON) in sheet_common."""

from api.views import sheet_read, sheet_write

urlpatterns = [*sheet_read.urlpatterns, *sheet_write.urlpatterns]
