// The Overview's two plots, drawn with uPlot from /ui/overview/data and redrawn each minute. The page's table shows
// the same figures without script.
(function () {
  "use strict";
  function draw() {
    var section = document.querySelector("section.plots");
    if (!section || typeof uPlot === "undefined") {
      return;
    }
    fetch(section.getAttribute("data-source"), {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (d) {
        var width = Math.max(320, section.clientWidth - 16);
        var returns = document.getElementById("returns-plot");
        var latency = document.getElementById("latency-plot");
        returns.textContent = "";
        latency.textContent = "";
        new uPlot({width: width, height: 220, scales: {x: {time: true}},
          series: [{}, {label: "succeeded", stroke: "#1a7f37", width: 2},
                   {label: "failed", stroke: "#cf222e", width: 2}]},
          [d.time, d.ok, d.failed], returns);
        new uPlot({width: width, height: 220, scales: {x: {time: true}},
          series: [{}, {label: "p50", stroke: "#0969da", width: 2}, {label: "p95", stroke: "#9a6700", width: 2},
                   {label: "p99", stroke: "#8250df", width: 2}]},
          [d.time, d.p50, d.p95, d.p99], latency);
        section.setAttribute("data-drawn", "true");
      })
      .catch(function () { section.setAttribute("data-drawn", "failed"); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    draw();
    setInterval(draw, 60000);
  });
})();
