/* A background job's page: polls its status (JSON) while it is queued or running, and
   updates the progress bar, the current step, then the download link or the error (or, for
   a job whose process is gone, says it stalled and offers to retry it). */
(function () {
  "use strict";
  var box = document.getElementById("job");
  if (!box) {
    return;
  }
  var statusUrl = box.dataset.statusUrl;
  var every = parseInt(box.dataset.poll, 10) || 500;
  var FINISHED = { done: true, failed: true };

  function byId(id) {
    return document.getElementById(id);
  }

  function show(id, visible) {
    var element = byId(id);
    if (element) {
      element.hidden = !visible;
    }
  }

  function update(job) {
    box.dataset.status = job.status;
    byId("job-status").textContent = job.status_label;
    show("job-stalled", Boolean(job.stalled)); // still polled: it may come back to life
    byId("job-progress").value = job.percent;
    byId("job-progress").textContent = job.percent + "%";
    byId("job-percent").textContent = job.percent + "%";
    byId("job-message").textContent = job.message;
    byId("job-error").textContent = job.error;
    show("job-error", job.status === "failed");
    show("job-retry", job.status === "failed" || Boolean(job.stalled));
    show("job-result", job.status === "done");
    if (job.download_url) {
      byId("job-download-link").href = job.download_url;
      byId("job-download-name").textContent = job.download_name || "";
    }
    show("job-download", Boolean(job.download_url));
  }

  function poll() {
    fetch(statusUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("status " + response.status);
        }
        return response.json();
      })
      .then(function (job) {
        update(job);
        if (!FINISHED[job.status]) {
          window.setTimeout(poll, every);
        }
      })
      .catch(function () {
        window.setTimeout(poll, every * 4); // the server restarting: try again, more slowly
      });
  }

  if (!FINISHED[box.dataset.status]) {
    window.setTimeout(poll, every);
  }
})();
