// cvx report: sorting and filtering the index, the JSON toggle and the links
// between a value and its source span on a CV page. Loaded from a file (no
// inline script), so the pages' Content-Security-Policy allows nothing else.
(function () {
  'use strict';

  function cellKey(row, col, numeric) {
    var cell = row.cells[col];
    var v = cell ? (cell.getAttribute('data-v') || cell.textContent) : '';
    if (numeric) { var n = parseFloat(v); return isNaN(n) ? -1 : n; }
    return v.toLowerCase();
  }

  function setupIndex(table) {
    var body = table.tBodies[0];
    var filter = document.getElementById('filter');
    var only = document.getElementById('only');
    var shown = document.getElementById('shown');
    var heads = table.tHead.rows[0].cells;

    function apply() {
      var q = filter ? filter.value.toLowerCase() : '';
      var kind = only ? only.value : '';
      var n = 0, rows = body.rows;
      for (var i = 0; i < rows.length; i++) {
        var r = rows[i];
        var ok = (!q || r.textContent.toLowerCase().indexOf(q) >= 0) &&
                 (!kind || r.classList.contains(kind));
        r.hidden = !ok;
        if (ok) n++;
      }
      if (shown) shown.textContent = n + ' of ' + rows.length + ' rows';
    }

    Array.prototype.forEach.call(table.querySelectorAll('th button'), function (b) {
      b.addEventListener('click', function () {
        var col = +b.getAttribute('data-col');
        var numeric = b.hasAttribute('data-num');
        var th = b.parentNode;
        var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
        for (var i = 0; i < heads.length; i++) heads[i].removeAttribute('aria-sort');
        th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
        var rows = Array.prototype.slice.call(body.rows);
        rows.forEach(function (r, i) { r._i = i; });
        rows.sort(function (a, c) {
          var x = cellKey(a, col, numeric), y = cellKey(c, col, numeric);
          return x < y ? -dir : x > y ? dir : a._i - c._i;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
    if (filter) filter.addEventListener('input', apply);
    if (only) only.addEventListener('change', apply);
    apply();
  }

  function flash(el) {
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.classList.add('flash');
    setTimeout(function () { el.classList.remove('flash'); }, 1200);
  }

  function setupPage() {
    var toggle = document.getElementById('toggle-json');
    var cv = document.getElementById('cv');
    var json = document.getElementById('json');
    if (toggle && cv && json) {
      toggle.addEventListener('click', function () {
        var showJson = json.hidden;
        json.hidden = !showJson;
        cv.hidden = showJson;
        toggle.setAttribute('aria-pressed', showJson ? 'true' : 'false');
        toggle.textContent = showJson ? 'Show the CV' : 'Show JSON Resume';
      });
    }
    // a highlighted span leads to its field; a field's own link leads back
    document.addEventListener('click', function (e) {
      var t = e.target;
      while (t && t.nodeType === 1 && !(t.tagName === 'MARK' && t.hasAttribute('data-f'))) t = t.parentNode;
      if (!t || t.nodeType !== 1) return;
      if (cv && cv.hidden && toggle) toggle.click();
      flash(document.getElementById(t.getAttribute('data-f')));
    });
    document.addEventListener('click', function (e) {
      var a = e.target;
      while (a && a.nodeType === 1 && a.tagName !== 'A') a = a.parentNode;
      if (!a || a.nodeType !== 1 || !a.classList.contains('f')) return;
      var id = (a.getAttribute('href') || '').slice(1);
      if (id) { e.preventDefault(); flash(document.getElementById(id)); }
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    var table = document.getElementById('inputs');
    if (table) setupIndex(table);
    if (document.body.classList.contains('cvpage')) setupPage();
  });
})();
