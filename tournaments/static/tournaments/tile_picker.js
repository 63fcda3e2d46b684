/* Tile picker of the score sheet: plain JS, no framework, works with touch.
 *
 * Tapping a tile button adds that tile to the tile field last focused (concealed tiles by
 * default); the field is rewritten in compact notation (123m456p11z). Back removes the last
 * tile added, Clear empties the field. Typing notation works too; it is compacted on blur.
 */
(function () {
  "use strict";

  var SUITS = "mpsz";
  var RUN = /([1-9]+)([mpsz])/g;

  function parse(text) {
    var compact = (text || "").replace(/[\s,]+/g, "").toLowerCase();
    var tiles = [];
    var position = 0;
    var match;
    RUN.lastIndex = 0;
    while ((match = RUN.exec(compact)) !== null) {
      if (match.index !== position) {
        return null;
      }
      for (var i = 0; i < match[1].length; i++) {
        tiles.push(match[1][i] + match[2]);
      }
      position = RUN.lastIndex;
    }
    return position === compact.length ? tiles : null;
  }

  function compact(tiles) {
    var out = "";
    for (var s = 0; s < SUITS.length; s++) {
      var ranks = tiles
        .filter(function (t) { return t[1] === SUITS[s]; })
        .map(function (t) { return t[0]; })
        .sort();
      if (ranks.length) {
        out += ranks.join("") + SUITS[s];
      }
    }
    return out;
  }

  function labelOf(field) {
    var label = document.querySelector('label[for="' + field.id + '"]');
    if (label) {
      return label.textContent.replace(/:\s*$/, "");
    }
    var row = field.closest("tr");
    var head = row && row.querySelector("th");
    return head ? head.textContent : field.name;
  }

  function inferMeldType(field) {
    // A meld row: guess chow / pung / kong from its tiles when no type is chosen yet.
    var row = field.closest("tr.meld-row");
    var select = row && row.querySelector("select");
    if (!select) {
      return;
    }
    var tiles = parse(field.value) || [];
    var guess = "";
    if (tiles.length === 4) {
      guess = "kong";
    } else if (tiles.length === 3) {
      if (tiles[0] === tiles[1] && tiles[1] === tiles[2]) {
        guess = "pung";
      } else {
        guess = "chow";
      }
    }
    if (guess && (!select.value || select.dataset.guessed === "1")) {
      select.value = guess;
      select.dataset.guessed = "1";
    } else if (!tiles.length && select.dataset.guessed === "1") {
      select.value = "";
    }
    select.dispatchEvent(new Event("mcr:guessed"));
  }

  function keepDiscarderApartFromWinner(form) {
    // The winner cannot have discarded his own winning tile: grey out that choice.
    var winners = form.querySelectorAll('input[name$="winner"]');
    function update() {
      var chosen = form.querySelector('input[name$="winner"]:checked');
      form.querySelectorAll('input[name$="discarder"]').forEach(function (radio) {
        var own = chosen && radio.value === chosen.value;
        radio.disabled = own;
        if (own && radio.checked) {
          radio.checked = false;
        }
      });
    }
    winners.forEach(function (radio) { radio.addEventListener("change", update); });
    update();
  }

  function concealedOnlyForKongs(form) {
    // "Concealed" is only meaningful for a kong (a chow or pung in the melds is exposed).
    form.querySelectorAll("tr.meld-row").forEach(function (row) {
      var select = row.querySelector("select");
      var box = row.querySelector('input[type="checkbox"]');
      if (!select || !box) {
        return;
      }
      function update() {
        box.disabled = select.value !== "kong";
        if (box.disabled) {
          box.checked = false;
        }
      }
      select.addEventListener("change", update);
      select.addEventListener("mcr:guessed", update);
      update();
    });
  }

  function init() {
    var handForm = document.getElementById("hand-form");
    if (handForm) {
      keepDiscarderApartFromWinner(handForm);
      concealedOnlyForKongs(handForm);
    }
    var picker = document.getElementById("tile-picker");
    var form = document.getElementById("hand-form");
    if (!picker || !form) {
      return;
    }
    var fields = Array.prototype.slice.call(form.querySelectorAll("input.tile-field"));
    var history = new Map();
    var targetName = document.getElementById("picker-target-name");
    var counter = document.getElementById("tile-count");
    var active = form.querySelector('input[name$="concealed"].tile-field') || fields[0];

    function setActive(field) {
      if (active) {
        active.classList.remove("tile-target");
      }
      active = field;
      active.classList.add("tile-target");
      if (targetName) {
        targetName.textContent = labelOf(field);
      }
    }

    function count() {
      if (!counter) {
        return;
      }
      var total = 0;
      fields.forEach(function (field) {
        var tiles = parse(field.value) || [];
        if (field.closest("tr.meld-row")) {
          // A kong counts as a set of three toward the 14 tiles.
          total += Math.min(tiles.length, 3);
        } else {
          total += tiles.length;
        }
      });
      counter.textContent = counter.dataset.template
        ? counter.dataset.template.replace("%s", total)
        : total + " / 14";
      counter.classList.toggle("complete", total === 14);
    }

    function write(field, tiles) {
      field.value = compact(tiles);
      inferMeldType(field);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      show(field);
      count();
    }

    function faceOf(tile) {
      // The same drawing as the picker's button for that tile.
      var face = picker.querySelector('button[data-tile="' + tile + '"] svg');
      return face ? face.cloneNode(true) : document.createTextNode(tile);
    }

    function isButton(element) {
      return !!element && (element.tagName === "BUTTON" || element.type === "submit");
    }

    function show(field) {
      // The tiles of a field as faces under it; tapping one takes it out.
      var strip = field.parentNode.querySelector('.tile-strip[data-for="' + field.name + '"]');
      if (!strip) {
        strip = document.createElement("span");
        strip.className = "tile-strip";
        strip.dataset.for = field.name;
        field.insertAdjacentElement("afterend", strip);
      }
      strip.textContent = "";
      (parse(field.value) || []).forEach(function (tile, index) {
        var button = document.createElement("button");
        button.type = "button";
        button.title = picker.dataset.remove || "";
        button.setAttribute("aria-label", (picker.dataset.remove || "") + " " + tile);
        button.appendChild(faceOf(tile));
        // Keep the focus in the field: its blur would redraw the strip under the finger.
        button.addEventListener("mousedown", function (event) { event.preventDefault(); });
        button.addEventListener("click", function () {
          var tiles = parse(field.value) || [];
          tiles.splice(index, 1);
          history.delete(field);
          write(field, tiles);
        });
        strip.appendChild(button);
      });
    }

    function add(tile) {
      var field = active;
      var max = parseInt(field.dataset.maxTiles || "14", 10);
      var tiles = parse(field.value) || [];
      if (max === 1) {
        tiles = [tile];
      } else if (tiles.length >= max) {
        field.classList.add("tile-full");
        window.setTimeout(function () { field.classList.remove("tile-full"); }, 400);
        return;
      } else {
        tiles.push(tile);
      }
      var taps = history.get(field) || [];
      taps.push(tile);
      history.set(field, taps);
      write(field, tiles);
    }

    function backspace() {
      var field = active;
      var tiles = parse(field.value) || [];
      if (!tiles.length) {
        return;
      }
      var taps = history.get(field) || [];
      var last = taps.pop();
      var index = last ? tiles.lastIndexOf(last) : -1;
      tiles.splice(index >= 0 ? index : tiles.length - 1, 1);
      write(field, tiles);
    }

    fields.forEach(function (field) {
      field.addEventListener("focus", function () { setActive(field); });
      field.addEventListener("input", function (event) {
        if (event.isTrusted) {
          history.delete(field);
          inferMeldType(field);
          count();
        }
      });
      field.addEventListener("blur", function (event) {
        var tiles = parse(field.value);
        if (tiles) {
          field.value = compact(tiles);
          inferMeldType(field);
          // Left for a button (Preview, Save): the tiles are not drawn now, which could move
          // the button from under the finger between its press and its release.
          if (!isButton(event.relatedTarget)) show(field);
          count();
        }
      });
      show(field);
    });
    form.querySelectorAll("tr.meld-row select").forEach(function (select) {
      select.addEventListener("change", function () {
        select.dataset.guessed = "";
        count();
      });
    });

    picker.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !picker.contains(button)) {
        return;
      }
      event.preventDefault();
      if (button.dataset.tile) {
        add(button.dataset.tile);
      } else if (button.dataset.tool === "backspace") {
        backspace();
      } else if (button.dataset.tool === "clear") {
        history.delete(active);
        write(active, []);
      }
    });
    // Keep the focus (and the on-screen keyboard) where it is when a tile is tapped.
    picker.addEventListener("mousedown", function (event) {
      if (event.target.closest("button")) {
        event.preventDefault();
      }
    });

    if (active) {
      setActive(active);
    }
    count();
  }

  window.mcrTiles = { parse: parse, compact: compact };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
