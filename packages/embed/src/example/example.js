// The example intranet page's script (no inline script: the page runs under
// Locus's Content-Security-Policy, script-src 'self'): the store picker sets
// the location attribute of both elements, a click on the map chooses the
// store, and every event of the elements is written to the log.
const map = document.getElementById('map');
const report = document.getElementById('report');
const picker = document.getElementById('picker');
const log = document.getElementById('log');
const write = (text) => {
  log.textContent += `${text}\n`;
};
const choose = (id) => {
  for (const element of [map, report]) {
    if (id) element.setAttribute('location', id);
    else element.removeAttribute('location');
  }
};
map.addEventListener('locus-ready', (e) => {
  write(`map locus-ready: ${e.detail.locations} locations`);
  if (picker.options.length > 1) return;
  for (const l of map.locationList) picker.add(new Option(l.name, String(l.id)));
});
map.addEventListener('locus-select', (e) => {
  write(`map locus-select: ${e.detail.id} ${e.detail.name}`);
  picker.value = String(e.detail.id);
  choose(String(e.detail.id));
});
report.addEventListener('locus-ready', (e) => write(`report locus-ready: location ${e.detail.location}`));
for (const element of [map, report]) {
  element.addEventListener('locus-error', (e) => write(`${element.id} locus-error: ${e.detail.code}: ${e.detail.message}`));
}
picker.addEventListener('change', () => choose(picker.value));
