// The matrix page's own script (page.ts inlines it): opening a cell shows the cases behind its
// verdict in a dialog; the filters hide requirement rows by level and family; arrow keys move
// the focus from cell to cell. Plain browser JavaScript, no library; every text from a report
// goes in through textContent, never as markup.
export const PAGE_SCRIPT = String.raw`
"use strict";
(function () {
  var data = JSON.parse(document.getElementById("matrix-data").textContent);
  var dialog = document.getElementById("cases");
  var dialogTitle = document.getElementById("cases-title");
  var dialogBody = document.getElementById("cases-body");
  var MARKS = { passed: "PASS", failed: "FAIL", errored: "ERROR", skipped: "SKIP" };
  var opener = null;

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function diffBlock(diff) {
    var pre = element("pre", "diff");
    diff.split("\n").forEach(function (line, index) {
      var kind = index < 2 ? "sides" : line.charAt(0) === "-" ? "removed" : line.charAt(0) === "+" ? "added" : "same";
      pre.appendChild(element("span", kind, line + "\n"));
    });
    return pre;
  }

  function failureItem(failure, requirement) {
    var item = element("li", "failure" + (failure.requirement === requirement ? " names-requirement" : ""));
    var where = [];
    if (failure.step !== undefined) where.push("step " + (failure.step + 1));
    if (failure.callId !== undefined) where.push("call " + failure.callId);
    item.appendChild(element("span", "requirement", failure.requirement));
    if (where.length) item.appendChild(element("span", "where", " (" + where.join(", ") + ")"));
    item.appendChild(element("span", "message", ": " + failure.message));
    if (failure.diff) item.appendChild(diffBlock(failure.diff));
    return item;
  }

  function caseArticle(id, result, requirement) {
    var article = element("article", "case");
    article.dataset.case = id;
    if (!result) {
      article.appendChild(element("h3", "", id));
      article.appendChild(element("p", "reason", "This report has no result for the case."));
      return article;
    }
    article.dataset.status = result.status;
    article.appendChild(element("h3", "", MARKS[result.status] + " " + id + " [" + result.level + "] " + result.title));
    if (result.expectation) article.appendChild(element("p", "expectation", result.expectation === "expected-failure" ? "Listed as a known failure." : "Listed as a known failure, but passed."));
    if (result.reason) article.appendChild(element("p", "reason", result.reason));
    // The failures that name this requirement first: they are why the cell says what it says.
    var failures = result.failures.filter(function (f) { return f.requirement === requirement; })
      .concat(result.failures.filter(function (f) { return f.requirement !== requirement; }));
    if (failures.length) {
      var list = element("ul", "failures");
      failures.forEach(function (failure) { list.appendChild(failureItem(failure, requirement)); });
      article.appendChild(list);
    }
    var source = data.sources[id];
    var details = element("details", "source");
    details.appendChild(element("summary", "", "Case source: cases/" + id + ".yaml"));
    details.appendChild(element("pre", "", source === undefined ? "(the case file was not found)" : source));
    article.appendChild(details);
    return article;
  }

  function openCell(button) {
    var implementation = data.implementations[Number(button.dataset.implementation)];
    var requirement = button.dataset.requirement;
    var verdict = implementation.verdicts[requirement];
    var status = verdict ? verdict.status : "untested";
    var mark = data.marks[status];
    dialogTitle.textContent = implementation.name + " " + implementation.version + ": " + requirement + " " + data.requirements[requirement] + ": " + mark.symbol + " " + mark.word;
    dialogBody.replaceChildren();
    // The cases where a failure names the requirement first, then the others that list it.
    var ids = verdict ? verdict.brokenIn.slice().sort().concat(verdict.cases.filter(function (id) { return verdict.brokenIn.indexOf(id) < 0; }).sort()) : [];
    if (!ids.length) dialogBody.appendChild(element("p", "reason", "No case of this run exercised the requirement."));
    ids.forEach(function (id) { dialogBody.appendChild(caseArticle(id, implementation.results[id], requirement)); });
    opener = button;
    dialog.showModal();
  }

  dialog.addEventListener("close", function () {
    if (opener) opener.focus();
  });

  var table = document.getElementById("matrix");
  table.addEventListener("click", function (event) {
    var button = event.target.closest("button.cell");
    if (button) openCell(button);
  });

  // Arrow keys, Home and End move between the cells of visible rows.
  table.addEventListener("keydown", function (event) {
    var button = event.target.closest("button.cell");
    if (!button) return;
    var rows = Array.prototype.filter.call(table.querySelectorAll("tr.requirement"), function (row) { return !row.hidden; });
    var row = button.closest("tr");
    var cells = Array.prototype.slice.call(row.querySelectorAll("button.cell"));
    var column = cells.indexOf(button);
    var at = rows.indexOf(row);
    var target = null;
    if (event.key === "ArrowRight") target = cells[column + 1];
    else if (event.key === "ArrowLeft") target = cells[column - 1];
    else if (event.key === "Home") target = cells[0];
    else if (event.key === "End") target = cells[cells.length - 1];
    else if (event.key === "ArrowDown" && rows[at + 1]) target = rows[at + 1].querySelectorAll("button.cell")[column];
    else if (event.key === "ArrowUp" && rows[at - 1]) target = rows[at - 1].querySelectorAll("button.cell")[column];
    else return;
    event.preventDefault();
    if (target) target.focus();
  });

  var filters = document.getElementById("filters");
  function applyFilters() {
    var levels = {}, families = {};
    filters.querySelectorAll("input[name=level]").forEach(function (box) { levels[box.value] = box.checked; });
    filters.querySelectorAll("input[name=family]").forEach(function (box) { families[box.value] = box.checked; });
    var shown = {};
    table.querySelectorAll("tr.requirement").forEach(function (row) {
      row.hidden = !(levels[row.dataset.level] && families[row.dataset.family]);
      if (!row.hidden) shown[row.dataset.family + " " + row.dataset.level] = true;
    });
    table.querySelectorAll("tr.group").forEach(function (row) {
      row.hidden = !shown[row.dataset.family + " " + row.dataset.level];
    });
  }
  filters.addEventListener("change", applyFilters);
  applyFilters();
})();
`;
