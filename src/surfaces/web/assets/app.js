// The pages' only script, for interaction: sortable tables and the context slider. Every page reads without it.
'use strict';

function cellValue(cell) {
  const tagged = cell.querySelector('[data-sort]');
  const raw = (tagged ? tagged.getAttribute('data-sort') : cell.getAttribute('data-sort')) ?? cell.textContent.trim();
  const n = Number(String(raw).replace(/[$,%]/g, ''));
  return raw !== '' && Number.isFinite(n) ? n : String(raw).toLowerCase();
}

function makeSortable(table) {
  const heads = table.tHead ? table.tHead.rows[0].cells : [];
  Array.from(heads).forEach((th, col) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sort';
    button.textContent = th.textContent;
    th.textContent = '';
    th.appendChild(button);
    button.addEventListener('click', () => {
      const asc = th.getAttribute('aria-sort') !== 'ascending';
      Array.from(heads).forEach((h) => h.removeAttribute('aria-sort'));
      th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      rows.sort((a, b) => {
        const x = cellValue(a.cells[col]);
        const y = cellValue(b.cells[col]);
        // Unknown values ('—') go last whichever the direction.
        if (x === '—' || y === '—') return x === y ? 0 : x === '—' ? 1 : -1;
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return asc ? c : -c;
      });
      for (const r of rows) body.appendChild(r);
    });
  });
}

function wireSlider(input) {
  const out = document.getElementById(input.id + '-value');
  const show = () => {
    if (out) out.textContent = Number(input.value).toLocaleString('en-US') + ' tokens';
  };
  input.addEventListener('input', show);
  // Releasing the slider asks the server again: the list is the operation's answer, not a guess in the browser.
  input.addEventListener('change', () => input.form && input.form.requestSubmit());
  show();
}

document.querySelectorAll('table.sortable').forEach(makeSortable);
document.querySelectorAll('input[type=range][data-live]').forEach(wireSlider);
