// The search box: a box of the site's own, read by Pagefind's JS API (pagefind.js of this
// page's language's index, pagefind/LANG/, made by `tally build` and `tally serve`) and
// its results listed by this script in the page's own fonts and sizes. Pagefind's script
// loads on the box's first focus or key, never with the page; the box is never replaced,
// so what was typed meanwhile stays and so does the focus. Each excerpt is cut at word
// boundaries (Intl.Segmenter, which knows Japanese words), never mid-word. On a narrow
// screen the box sits behind a button in the header (aria-expanded) so that the header
// stays small. The box is hidden in the HTML and shown by this script, so without
// JavaScript (or without an index) there is no box that does nothing. Every file it loads
// is the site's own; no other host is contacted.
(function () {
  "use strict";
  var slot = document.getElementById("site-search");
  if (!slot) return;
  var data = slot.dataset;
  var lang = document.documentElement.lang || "en";
  var PAGE = 5;
  var own = document.createElement("input");
  own.type = "search";
  own.id = "site-search-input";
  own.className = "site-search-own";
  own.placeholder = data.placeholder;
  own.autocomplete = "off";
  own.setAttribute("aria-label", data.label);
  own.setAttribute("aria-controls", "site-search-results");
  var status = document.createElement("p");
  status.className = "site-search-status";
  status.setAttribute("role", "status");
  var list = document.createElement("ol");
  list.className = "site-search-results";
  list.id = "site-search-results";
  var more = document.createElement("button");
  more.type = "button";
  more.className = "site-search-more";
  more.textContent = data.more;
  more.hidden = true;
  slot.appendChild(own);
  slot.appendChild(status);
  slot.appendChild(list);
  slot.appendChild(more);
  slot.hidden = false;

  // On a narrow screen (site.css hides the box there until it is opened): a button in the
  // header opens it and puts the focus in it; Escape in the box closes it again.
  var toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "site-search-toggle";
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-controls", "site-search");
  toggle.setAttribute("aria-label", data.label);
  toggle.innerHTML =
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">' +
    '<circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" stroke-width="2.2"/>' +
    '<path d="M15 15l6 6" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/></svg>';
  slot.parentNode.insertBefore(toggle, slot);
  function setOpen(open) {
    slot.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  }
  toggle.addEventListener("click", function () {
    var open = !slot.classList.contains("open");
    setOpen(open);
    (open ? own : toggle).focus();
  });
  own.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && slot.classList.contains("open")) {
      setOpen(false);
      toggle.focus();
    }
  });

  var pagefind = null;
  var loading = null;
  function load() {
    if (!loading) {
      loading = import(data.bundle + "pagefind.js").then(function (module) {
        pagefind = module;
        return Promise.resolve(pagefind.options({ excerptLength: 30 })).then(function () {
          pagefind.init();
          return pagefind;
        });
      });
      loading.catch(function () {
        loading = null;
      });
    }
    return loading;
  }

  // "[COUNT] results for [SEARCH_TERM]" and the like, from the page's language's strings.
  function say(template, count, term) {
    var quoted = lang === "ja" ? "\u300c" + term + "\u300d" : "\u201c" + term + "\u201d";
    return template.replace("[COUNT]", String(count)).replace("[SEARCH_TERM]", quoted);
  }

  var segmenter = typeof Intl === "object" && Intl.Segmenter ? new Intl.Segmenter(lang, { granularity: "word" }) : null;

  var japanese = /^ja\b/.test(lang);
  var hiragana = /[\u3041-\u309f]/;
  var pause = /[\s\u3001\u3002\uff0c\uff0e\uff01\uff1f\uff1a\uff1b\uff09\u300d\u300f\u3011]/;
  var opening = /[\uff08\u300c\u300e\u3010]/;

  // Where a Japanese phrase may end (as BudouX would cut, roughly): after a pause (space,
  // 、。：and closing brackets), before an opening bracket, and where a run of hiragana (the
  // particles and endings that close a phrase) meets anything else. 「記録しま」 ends inside
  // one; 「記録します。」 does not.
  function phraseBoundaries(text) {
    var found = [0, text.length];
    for (var i = 1; i < text.length; i++) {
      var before = text[i - 1];
      var after = text[i];
      if (pause.test(before) || opening.test(after) || (hiragana.test(before) && !hiragana.test(after) && !pause.test(after))) {
        found.push(i);
      }
    }
    return found;
  }

  // The word boundaries of `text` (offsets where a word or a run of spaces begins or ends);
  // in Japanese, the phrase boundaries, where there are any.
  function boundaries(text) {
    var found = [0, text.length];
    if (segmenter) {
      for (var part of segmenter.segment(text)) found.push(part.index, part.index + part.segment.length);
    } else {
      text.replace(/\s+/g, function (space, at) {
        found.push(at, at + space.length);
        return space;
      });
    }
    return found.sort(function (a, b) { return a - b; });
  }

  // The nearest boundary at or before `lo` and at or after `hi` in `text`: a phrase's in
  // Japanese where one is in reach, else a word's.
  function widen(text, lo, hi) {
    var phrases = japanese ? phraseBoundaries(text) : [];
    var words = boundaries(text);
    function before(list) { return list.filter(function (b) { return b <= lo; }).sort(function (a, b) { return b - a; })[0]; }
    function after(list) { return list.filter(function (b) { return b >= hi; }).sort(function (a, b) { return a - b; })[0]; }
    var start = japanese ? before(phrases) : undefined;
    var end = japanese ? after(phrases) : undefined;
    // A phrase's edge farther than a window's edge is out of reach: the word's, then.
    if (start === undefined || (start === 0 && lo > 24)) start = before(words);
    if (end === undefined || (end === text.length && text.length - hi > 24)) end = after(words);
    return [start, end];
  }

  // Pagefind's excerpt (HTML, the query's words in <mark>) as text and marked ranges.
  function readExcerpt(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var text = "";
    var marks = [];
    holder.childNodes.forEach(function (node) {
      var piece = node.textContent;
      if (node.nodeName === "MARK") marks.push([text.length, text.length + piece.length]);
      text += piece;
    });
    return { text: text, marks: marks };
  }

  // The excerpt widened to whole words of the page's text, with an ellipsis where it does
  // not begin or end the page. Where the excerpt cannot be found in the text, its own first
  // and last words are dropped instead (each may be cut).
  function wholeWords(excerpt, content) {
    var text = excerpt.text.replace(/\s+/g, " ").trim();
    var shift = excerpt.text.indexOf(text.slice(0, 1));
    var marks = excerpt.marks.map(function (m) { return [m[0] - shift, m[1] - shift]; });
    var flat = (content || "").replace(/\s+/g, " ");
    var at = text ? flat.indexOf(text) : -1;
    var start, end, source, offset;
    if (at >= 0) {
      var from = Math.max(0, at - 40);
      var windowText = flat.slice(from, Math.min(flat.length, at + text.length + 40));
      var lo = at - from;
      var hi = lo + text.length;
      var edges = widen(windowText, lo, hi);
      start = edges[0];
      end = edges[1];
      // A window that is itself cut mid-word at its edge: go no further than the excerpt.
      if (start === 0 && from > 0) start = lo;
      if (end === windowText.length && from + end < flat.length) end = hi;
      source = windowText;
      offset = lo;
      var shown = source.slice(start, end).trim();
      var lead = source.slice(start, end).length - source.slice(start, end).trimStart().length;
      return {
        text: shown,
        marks: marks.map(function (m) { return [m[0] + offset - start - lead, m[1] + offset - start - lead]; }),
        before: from + start > 0,
        after: from + end < flat.length
      };
    }
    var cutsOwn = boundaries(text);
    var inner = cutsOwn.filter(function (b) { return b > 0 && b < text.length; });
    start = inner.length > 1 ? inner[0] : 0;
    end = inner.length > 1 ? inner[inner.length - 1] : text.length;
    var piece = text.slice(start, end);
    var trimmed = piece.trim();
    var skip = start + (piece.length - piece.trimStart().length);
    return {
      text: trimmed,
      marks: marks
        .map(function (m) { return [Math.max(0, m[0] - skip), Math.min(trimmed.length, m[1] - skip)]; })
        .filter(function (m) { return m[1] > m[0]; }),
      before: true,
      after: true
    };
  }

  function excerptNode(result) {
    var cut = wholeWords(readExcerpt(result.excerpt || ""), result.content);
    var p = document.createElement("p");
    p.className = "site-search-excerpt";
    var done = 0;
    if (cut.before) p.appendChild(document.createTextNode("\u2026"));
    cut.marks.forEach(function (m) {
      if (m[0] < done) return;
      p.appendChild(document.createTextNode(cut.text.slice(done, m[0])));
      var mark = document.createElement("mark");
      mark.textContent = cut.text.slice(m[0], m[1]);
      p.appendChild(mark);
      done = m[1];
    });
    p.appendChild(document.createTextNode(cut.text.slice(done)));
    if (cut.after) p.appendChild(document.createTextNode("\u2026"));
    return p;
  }

  // A result's metadata, each as "name: value" with the names the pages give (date, or
  // the date an outside source's run was taken, and appliance) in the page's language.
  var labels = { date: data.labelDate, taken: data.labelTaken, appliance: data.labelAppliance };
  function item(result) {
    var li = document.createElement("li");
    var link = document.createElement("a");
    link.className = "site-search-link";
    link.href = result.url;
    link.textContent = (result.meta && result.meta.title) || result.url;
    li.appendChild(link);
    var tags = Object.keys(result.meta || {}).filter(function (name) { return labels[name]; });
    if (tags.length) {
      var ul = document.createElement("ul");
      ul.className = "site-search-tags";
      tags.forEach(function (name) {
        var tag = document.createElement("li");
        tag.textContent = labels[name] + (japanese ? "\uff1a" : ": ") + result.meta[name];
        ul.appendChild(tag);
      });
      li.appendChild(ul);
    }
    li.appendChild(excerptNode(result));
    return li;
  }

  var asked = 0;
  var found = [];
  var shownCount = 0;
  function showMore(focusFirst) {
    var batch = found.slice(shownCount, shownCount + PAGE);
    shownCount += batch.length;
    return Promise.all(batch.map(function (r) { return r.data(); })).then(function (results) {
      var first = null;
      results.forEach(function (result) {
        var li = item(result);
        first = first || li.querySelector("a");
        list.appendChild(li);
      });
      more.hidden = shownCount >= found.length;
      // The "more" button goes when there is no more: the focus moves to the first new result.
      if (focusFirst && first) first.focus();
    });
  }

  function run() {
    var term = own.value.trim();
    var ticket = ++asked;
    if (!term) {
      status.textContent = "";
      list.replaceChildren();
      more.hidden = true;
      return;
    }
    status.textContent = say(data.searching, 0, term);
    load()
      .then(function (pf) { return pf.debouncedSearch(term, {}, 200); })
      .then(function (search) {
        if (!search || ticket !== asked) return;
        found = search.results;
        shownCount = 0;
        list.replaceChildren();
        var count = found.length;
        status.textContent = say(count === 0 ? data.none : count === 1 ? data.one : data.many, count, term);
        return showMore(false);
      })
      .catch(function () {
        if (ticket === asked) status.textContent = say(data.none, 0, term);
      });
  }

  own.addEventListener("focus", function () {
    load().catch(function () {});
  });
  own.addEventListener("input", run);
  more.addEventListener("click", function () {
    showMore(true);
  });
})();
