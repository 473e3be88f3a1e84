// The matrix page's own script (page.ts inlines it): opening a cell shows the cases behind its
// verdict in a dialog, grouped and collapsed; the filters hide requirement rows by level and family; arrow keys move
// the focus from cell to cell. Plain browser JavaScript, no library; every text from a report
// goes in through textContent, never as markup.
export const PAGE_SCRIPT = String.raw`
"use strict";
(function () {
  var data = JSON.parse(document.getElementById("matrix-data").textContent);
  var dialog = document.getElementById("cases");
  var dialogTitle = document.getElementById("cases-title");
  var dialogBody = document.getElementById("cases-body");
  var EXPECTATIONS = {
    "expected-failure": "Listed as a known failure.",
    "unexpected-pass": "Listed as a known failure, but passed.",
    "unexpected-failure": "Listed as a known failure, but it now also breaks requirements its entry does not list:"
  };
  var MARKS = { passed: "PASS", failed: "FAIL", errored: "ERROR", skipped: "SKIP" };
  var opener = null;

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  // Upstream issues and changes as links: each { ref, url }, the address made by the page (upstream-links.ts) from a reference checked when the report was read.
  function upstreamLinks(links) {
    var paragraph = element("p", "upstream", "Upstream: ");
    links.forEach(function (known, index) {
      var link = element("a", "", known.ref);
      link.href = known.url;
      if (index > 0) paragraph.appendChild(document.createTextNode(", "));
      paragraph.appendChild(link);
    });
    return paragraph;
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
    // A JSON report counts steps from 1, as every report does (spec/reports.md, "Steps").
    if (failure.step !== undefined) where.push("step " + failure.step);
    if (failure.callId !== undefined) where.push("call " + failure.callId);
    item.appendChild(element("span", "requirement", failure.requirement));
    if (where.length) item.appendChild(element("span", "where", " (" + where.join(", ") + ")"));
    item.appendChild(element("span", "message", ": " + failure.message));
    if (failure.diff) item.appendChild(diffBlock(failure.diff));
    return item;
  }

  function caseDetails(id, result, requirement, open) {
    var details = element("details", "case");
    details.dataset.case = id;
    details.open = open;
    if (!result) {
      details.appendChild(element("summary", "", id));
      details.appendChild(element("p", "reason", "This report has no result for the case."));
      return details;
    }
    details.dataset.status = result.status;
    var summary = element("summary");
    summary.appendChild(element("span", "mark", MARKS[result.status]));
    summary.appendChild(element("span", "id", " " + id));
    summary.appendChild(element("span", "title", " [" + result.level + "] " + result.title));
    details.appendChild(summary);
    if (result.expectation) details.appendChild(element("p", "expectation", EXPECTATIONS[result.expectation] + (result.newlyBroken ? " " + result.newlyBroken.join(", ") + "." : "")));
    if (result.known && result.known.reason) details.appendChild(element("p", "known", "Known failure: " + result.known.reason));
    if (result.known && result.known.links) details.appendChild(upstreamLinks(result.known.links));
    if (result.reason) details.appendChild(element("p", "reason", result.reason));
    // The failures that name this requirement first: they are why the cell says what it says.
    var failures = result.failures.filter(function (f) { return f.requirement === requirement; })
      .concat(result.failures.filter(function (f) { return f.requirement !== requirement; }));
    if (failures.length) {
      var list = element("ul", "failures");
      failures.forEach(function (failure) { list.appendChild(failureItem(failure, requirement)); });
      details.appendChild(list);
    }
    var source = data.sources[id];
    var sourceDetails = element("details", "source");
    sourceDetails.appendChild(element("summary", "", "Case source: cases/" + id + ".yaml"));
    sourceDetails.appendChild(element("pre", "", source === undefined ? "(the case file was not found)" : source));
    details.appendChild(sourceDetails);
    return details;
  }

  // A cell's cases by what they say about the requirement: those whose failures name it first,
  // then errored, failed on another requirement, skipped, passed. Only the first group is open;
  // a group of more than FAMILY_SPLIT cases is split by family, each family collapsed, so that a
  // requirement of 60 cases opens as a few lines rather than as thousands of pixels.
  var FAMILY_SPLIT = 8;
  var GROUPS = [
    ["broken", "Broken: a failure names the requirement"],
    ["errored", "Errored"],
    ["failed", "Failed, on other requirements"],
    ["skipped", "Skipped"],
    ["passed", "Passed"],
    ["missing", "No result in this report"],
  ];

  function groupOf(id, result, verdict) {
    if (verdict.brokenIn.indexOf(id) >= 0) return "broken";
    return result ? result.status : "missing";
  }

  function caseGroups(implementation, verdict, requirement) {
    var ids = verdict.brokenIn.concat(verdict.cases.filter(function (id) { return verdict.brokenIn.indexOf(id) < 0; })).sort();
    var byGroup = {};
    ids.forEach(function (id) {
      var key = groupOf(id, implementation.results[id], verdict);
      (byGroup[key] = byGroup[key] || []).push(id);
    });
    var first = true;
    return GROUPS.filter(function (group) { return byGroup[group[0]]; }).map(function (group) {
      var ids = byGroup[group[0]];
      var details = element("details", "group");
      details.dataset.group = group[0];
      details.open = first;
      // The first case of the broken group shows at once why the cell is broken.
      var openFirstCase = first && group[0] === "broken";
      first = false;
      details.appendChild(element("summary", "", group[1] + ": " + ids.length + (ids.length === 1 ? " case" : " cases")));
      var caseOf = function (id, index) { return caseDetails(id, implementation.results[id], requirement, openFirstCase && index === 0); };
      if (ids.length <= FAMILY_SPLIT) {
        ids.forEach(function (id, index) { details.appendChild(caseOf(id, index)); });
        return details;
      }
      var families = [];
      ids.forEach(function (id) {
        var family = id.split("/")[0];
        if (!families.length || families[families.length - 1][0] !== family) families.push([family, []]);
        families[families.length - 1][1].push(id);
      });
      families.forEach(function (family, at) {
        var part = element("details", "family");
        part.dataset.family = family[0];
        part.open = openFirstCase && at === 0;
        part.appendChild(element("summary", "", family[0] + ": " + family[1].length + (family[1].length === 1 ? " case" : " cases")));
        family[1].forEach(function (id, index) { part.appendChild(caseOf(id, at === 0 ? index : 1)); });
        details.appendChild(part);
      });
      return details;
    });
  }

  function openCell(button) {
    var implementation = data.implementations[Number(button.dataset.implementation)];
    var requirement = button.dataset.requirement;
    var verdict = implementation.verdicts[requirement];
    var status = verdict ? verdict.status : "untested";
    var mark = data.marks[status];
    dialogTitle.textContent = implementation.label + ": " + requirement + " " + data.requirements[requirement] + ": " + mark.symbol + " " + mark.word;
    dialogBody.replaceChildren();
    var groups = verdict ? caseGroups(implementation, verdict, requirement) : [];
    if (!groups.length) dialogBody.appendChild(element("p", "reason", "No case of this run exercised the requirement."));
    groups.forEach(function (group) { dialogBody.appendChild(group); });
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
    // A level's totals count every family, so they go only with the level.
    table.querySelectorAll("tr.total").forEach(function (row) {
      row.hidden = !levels[row.dataset.level];
    });
  }
  filters.addEventListener("change", applyFilters);
  applyFilters();
})();
`;
