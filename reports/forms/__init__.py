"""One ReportLab renderer per printed form."""
