/* Gallery filters (site_src/render/gallery_pages.py draws the form and the cards).
 *
 * Each card carries its filterable values in data-f-<field> attributes and its name and text in
 * data-text (lower case). The form's selects are named after the fields, the free-text box is "text" (not "q": mkdocs-material opens its search overlay on ?q=).
 * The filter state lives in the query string (?villain=Klaw&bam=yes&text=civilian), replaced as the
 * reader filters, so a filtered view can be shared and reloaded.
 */
(function () {
  "use strict";

  function fold(text) {
    return String(text || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, key) { return String(values[key]); });
  }

  function setup(form) {
    form.dataset.tomeReady = "1"; // (tests wait for it: the filters are set up)
    var scope = form.closest("article") || document;
    var grids = Array.prototype.slice.call(scope.querySelectorAll(".tome-cards"));
    var cards = [];
    grids.forEach(function (grid) {
      Array.prototype.forEach.call(grid.querySelectorAll(".tome-card"), function (card) {
        cards.push({ el: card, grid: grid, text: fold(card.getAttribute("data-text")) });
      });
    });
    var selects = Array.prototype.slice.call(form.querySelectorAll("select"));
    var box = form.querySelector('input[name="text"]');
    var output = form.querySelector("output");
    var empty = scope.querySelector(".tome-filters__empty");
    var total = cards.length;

    function hasOption(select, value) {
      return Array.prototype.some.call(select.options, function (o) { return o.value === value; });
    }

    function readUrl() {
      var params = new URLSearchParams(window.location.search);
      if (box) box.value = params.get("text") || "";
      selects.forEach(function (select) {
        var value = params.get(select.name);
        select.value = value !== null && hasOption(select, value) ? value : "";
      });
    }

    function writeUrl() {
      var params = new URLSearchParams(window.location.search);
      if (box) {
        if (box.value.trim()) params.set("text", box.value.trim()); else params.delete("text");
      }
      selects.forEach(function (select) {
        if (select.value) params.set(select.name, select.value); else params.delete(select.name);
      });
      var query = params.toString();
      var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
      if (url !== window.location.pathname + window.location.search + window.location.hash) {
        window.history.replaceState(window.history.state, "", url);
        // mkdocs-material wrote the page's URL (with the query it was loaded with) into the table
        // of contents: keep those links on this page, with the filters as they are now
        Array.prototype.forEach.call(document.querySelectorAll(".md-nav--secondary a[href*='#']"),
          function (a) {
            var target = new URL(a.href, window.location.href);
            if (target.pathname === window.location.pathname) {
              target.search = window.location.search;
              a.href = target.toString();
            }
          });
      }
    }

    function apply() {
      var words = fold(box ? box.value : "").split(/\s+/).filter(Boolean);
      var wanted = selects.filter(function (s) { return s.value; }).map(function (s) {
        return ["data-f-" + s.name, s.value];
      });
      var shown = 0;
      var perGrid = new Map();
      cards.forEach(function (card) {
        var ok = wanted.every(function (w) { return card.el.getAttribute(w[0]) === w[1]; }) &&
          words.every(function (word) { return card.text.indexOf(word) !== -1; });
        card.el.hidden = !ok;
        if (ok) shown += 1;
        perGrid.set(card.grid, (perGrid.get(card.grid) || 0) + (ok ? 1 : 0));
      });
      grids.forEach(function (grid) {
        var visible = (perGrid.get(grid) || 0) > 0;
        grid.hidden = !visible;
        var headingId = grid.getAttribute("data-group-heading");
        if (headingId) {
          var heading = document.getElementById(headingId);
          if (heading) heading.hidden = !visible;
          Array.prototype.forEach.call(  // its entry in the table of contents
            document.querySelectorAll('.md-nav--secondary a[href$="#' + headingId + '"]'),
            function (a) { var li = a.closest("li"); if (li) li.hidden = !visible; });
          var link = grid.previousElementSibling;
          if (link && link.classList.contains("tome-group__link")) link.hidden = !visible;
        }
      });
      var filtered = wanted.length > 0 || words.length > 0;
      var template = !filtered ? (total === 1 ? form.dataset.countOne : form.dataset.countAll)
        : form.dataset.countSome;
      if (output) {
        output.textContent = format(template || window.tomeText("gallery_count"), { shown: shown, n: total });
      }
      form.classList.toggle("tome-filters--active", filtered);
      if (empty) empty.hidden = shown > 0;
    }

    function changed() {
      apply();
      writeUrl();
    }

    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.addEventListener("reset", function () { window.setTimeout(changed, 0); });
    readUrl();
    apply();
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("form.tome-filters"), setup);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
