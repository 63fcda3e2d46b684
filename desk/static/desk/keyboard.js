/* The score desk's keyboard page: plain JS, no framework (desk/templates/desk/keyboard.html).
 *
 * - Cells that do not apply are disabled, so Tab skips them: a draw or a time-limit stop has
 *   no winner, discarder, points or flowers; the rows after a time-limit stop are left out; a
 *   foul row without an offender is blank; a kind of penalty takes only its own cells.
 * - Enter goes to the next cell, row by row as the paper is read (never sends the form). A
 *   blank outcome ends the hands (Enter jumps to the fouls), a blank offender ends the fouls
 *   (Enter jumps to the signatures). Enter in the last box, or Ctrl+Enter anywhere, saves.
 * - The running totals follow the rules of scoring.payments (the numbers come from the page,
 *   #desk-rules): a win by discard, the discarder pays 8 + points + flowers and the other two
 *   8; self-drawn, each of the three pays 8 + points + flowers; fouls as the umpire's
 *   services score them. The server scores the sheet again when it is recorded.
 */
(function () {
  "use strict";

  var code = document.getElementById("desk-code");
  if (code) {
    // A scanner types the next code over the last one.
    code.addEventListener("focus", function () { code.select(); });
  }
  var form = document.getElementById("desk-form");
  if (!form) {
    return;
  }
  var rules = JSON.parse(document.getElementById("desk-rules").textContent);
  var before = JSON.parse(document.getElementById("desk-before").textContent);
  var POSITIONS = rules.positions;
  var handRows = Array.prototype.slice.call(form.querySelectorAll("tr[data-hand]"));
  var penaltyRows = Array.prototype.slice.call(form.querySelectorAll("tr[data-penalty]"));
  var saveButton = document.getElementById("desk-save");

  function cell(row, name) {
    return row.querySelector('[name$="-' + name + '"]');
  }

  function number(element) {
    var value = parseInt(element.value, 10);
    return isNaN(value) ? null : value;
  }

  function zero() {
    var deltas = {};
    POSITIONS.forEach(function (p) { deltas[p] = 0; });
    return deltas;
  }

  function add(into, deltas) {
    POSITIONS.forEach(function (p) { into[p] += deltas[p] || 0; });
  }

  function enable(element, on) {
    element.disabled = !on;
  }

  function eachOtherPays(offender, amount) {
    var deltas = zero();
    POSITIONS.forEach(function (p) {
      deltas[p] = p === offender ? -3 * amount : amount;
    });
    return deltas;
  }

  /* -- hands ------------------------------------------------------------------------------ */

  function winDeltas(winner, discarder, total) {
    var deltas = zero();
    POSITIONS.forEach(function (p) {
      if (p === winner) {
        return;
      }
      var pays = !discarder || p === discarder ? rules.base + total : rules.base;
      deltas[p] -= pays;
      deltas[winner] += pays;
    });
    return deltas;
  }

  function handRow(row, stopped) {
    /* Enables the row's cells; answers its payments ({} when it scores nothing), whether it
     * is keyed, and whether it stops the session. */
    var outcome = cell(row, "outcome");
    enable(outcome, !stopped);
    row.classList.toggle("desk-off", stopped);
    var kind = stopped ? "" : outcome.value;
    var win = kind === "win";
    ["winner", "discarder", "points", "flowers"].forEach(function (name) {
      enable(cell(row, name), win);
    });
    var winner = cell(row, "winner").value;
    var discarder = cell(row, "discarder").value;
    var points = number(cell(row, "points"));
    var flowers = number(cell(row, "flowers")) || 0;
    var under = win && points !== null && points < rules.minimum;
    var same = win && winner && winner === discarder;
    row.querySelector('[data-flag="under"]').hidden = !under;
    row.querySelector('[data-flag="same"]').hidden = !same;
    var deltas = {};
    if (win && winner && points !== null && !same) {
      deltas = winDeltas(winner, discarder, points + flowers);
    }
    return { deltas: deltas, keyed: kind !== "", stops: kind === "time" };
  }

  function refreshHands() {
    var totals = zero();
    add(totals, before);
    var stopped = false;
    var last = 0;
    var rows = handRows.map(function (row, index) {
      var result = handRow(row, stopped);
      stopped = stopped || result.stops;
      if (result.keyed) {
        last = index + 1;
      }
      return result;
    });
    rows.forEach(function (result, index) {
      add(totals, result.deltas);
      handRows[index].querySelectorAll("[data-total]").forEach(function (td) {
        td.textContent = index < last ? String(totals[td.dataset.total]) : "";
      });
    });
    var hands = zero();
    rows.forEach(function (result) { add(hands, result.deltas); });
    return hands;
  }

  /* -- fouls ------------------------------------------------------------------------------ */

  var CELLS_OF_KIND = {
    "": [],
    warning: [],
    deduction: ["amount"],
    repeated_foul: ["foul"],
    false_hu: ["invalid_claim"],
    exposed_hand: [],
    revealed_tile: ["victim", "amount"],
    dead_hand: []
  };

  function penaltyRow(row, earlier) {
    var offender = cell(row, "offender").value;
    var kind = offender ? cell(row, "kind").value : "";
    var own = CELLS_OF_KIND[kind] || [];
    enable(cell(row, "kind"), !!offender);
    enable(cell(row, "hand_number"), !!offender);
    enable(cell(row, "reason"), !!offender);
    ["foul", "victim", "amount", "invalid_claim"].forEach(function (name) {
      enable(cell(row, name), own.indexOf(name) >= 0);
    });
    var amount = number(cell(row, "amount"));
    if (kind === "deduction" && amount !== null) {
      var deltas = zero();
      deltas[offender] = -amount;
      return deltas;
    }
    if (kind === "repeated_foul" && cell(row, "foul").value) {
      var key = offender + " " + cell(row, "foul").value;
      earlier[key] = (earlier[key] || 0) + 1;
      var scale = rules.repeated_foul;
      return eachOtherPays(offender, scale[Math.min(earlier[key], scale.length) - 1]);
    }
    if (kind === "false_hu") {
      var claim = cell(row, "invalid_claim").checked;
      return eachOtherPays(offender, claim ? rules.false_hu_invalid_claim : rules.false_hu);
    }
    if (kind === "exposed_hand") {
      return eachOtherPays(offender, rules.exposed_hand);
    }
    var victim = cell(row, "victim").value;
    if (kind === "revealed_tile" && amount !== null && victim && victim !== offender) {
      var paid = zero();
      paid[offender] = -amount;
      paid[victim] = amount;
      return paid;
    }
    return {};  // a warning, a dead hand, or a row not complete
  }

  function refreshFouls() {
    var fouls = zero();
    var earlier = {};
    penaltyRows.forEach(function (row) { add(fouls, penaltyRow(row, earlier)); });
    return fouls;
  }

  /* -- the sums --------------------------------------------------------------------------- */

  function show(name, deltas) {
    form.querySelectorAll('tr[data-sum="' + name + '"] [data-cell]').forEach(function (td) {
      td.textContent = String(deltas[td.dataset.cell] || 0);
    });
  }

  function refresh() {
    var hands = refreshHands();
    var fouls = refreshFouls();
    var total = zero();
    add(total, before);
    add(total, hands);
    add(total, fouls);
    show("before", before);
    show("hands", hands);
    show("fouls", fouls);
    show("total", total);
  }

  /* -- the keyboard ----------------------------------------------------------------------- */

  function cells() {
    return Array.prototype.slice
      .call(form.querySelectorAll("select, input:not([type=hidden]), #desk-save"))
      .filter(function (element) { return !element.disabled; });
  }

  function firstOf(selector) {
    return cells().filter(function (element) { return element.matches(selector); })[0];
  }

  function next(element) {
    if (element.matches("tr[data-hand] [name$=-outcome]") && !element.value) {
      return firstOf("tr[data-penalty] select");
    }
    if (element.matches("tr[data-penalty] [name$=-offender]") && !element.value) {
      return firstOf(".desk-signed input") || saveButton;
    }
    var all = cells();
    return all[all.indexOf(element) + 1] || saveButton;
  }

  function go(element) {
    element.focus();
    if (element.select && (element.type === "number" || element.type === "text")) {
      element.select();
    }
  }

  function save() {
    if (form.requestSubmit) {
      form.requestSubmit(saveButton);
    } else {
      saveButton.click();
    }
  }

  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.isComposing || event.target === saveButton) {
      return;
    }
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) {
      save();
      return;
    }
    var target = next(event.target);
    if (target === saveButton) {
      save();
    } else {
      go(target);
    }
  });
  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
  form.addEventListener("focusin", function (event) {
    var element = event.target;
    if (element.type === "number" || element.type === "text") {
      element.select();
    }
  });

  refresh();
  // After a refusal the first cell it names has the focus; else hand 1's outcome.
  var first = form.querySelector(".marked select:not(:disabled), .marked input:not(:disabled)");
  go(first || cells()[0]);
}());
