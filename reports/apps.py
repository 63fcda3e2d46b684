from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "reports"
    verbose_name = _("Reports")

    def ready(self):
        # Reports builds on tournaments, never the reverse: it adds what it brings to the
        # registries tournaments owns (its kind of job, its section of the archive, its admin
        # pages), and tournaments imports nothing of reports.
        from reports.admin_pages import chart_pdf_urls
        from reports.archive import SECTION
        from reports.jobs import print_job_check, print_job_run
        from reports.printing import KIND_NAMES
        from tournaments.admin.extensions import printable_forms_register, tournament_urls_register
        from tournaments.archive.sections import archive_section_register
        from tournaments.models import Job
        from tournaments.services.jobs import job_kind_register

        job_kind_register(Job.Kind.PRINT, checker=print_job_check, runner=print_job_run)
        archive_section_register(SECTION)
        tournament_urls_register(chart_pdf_urls)
        printable_forms_register(KIND_NAMES)
