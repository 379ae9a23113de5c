// The console's page: the whole view arrives first on /events (every service's first page of
// instances with everything else, then the other instances), then each change as Kafka
// brings it; nothing is polled. Rows are keyed by id, so a change replaces one row.
'use strict';
performance.mark('baton-script-started');

const view = { instances: new Map(), nodes: new Map(), deploys: new Map() };

// --- markup -----------------------------------------------------------------------------

// Markup is written as html`...` templates: every value put in is escaped unless it is
// markup made by html itself, so nothing an instance or a request reports becomes markup.
// The browser's parser builds a whole fleet's rows far faster than one createElement per
// cell (the console's first-render benchmark measures the page).
class Markup {
  constructor(text) { this.text = text; }
}

const ESCAPED = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function piece(value) {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(piece).join('');
  return String(value ?? '').replace(/[&<>"']/g, (character) => ESCAPED[character]);
}

function html(strings, ...values) {
  let text = strings[0];
  values.forEach((value, i) => { text += piece(value) + strings[i + 1]; });
  return new Markup(text);
}

const parser = document.createElement('template');

function made(markup) {
  parser.innerHTML = markup.text;
  return parser.content.firstElementChild;
}

function time(at) {
  return at ? new Date(at).toLocaleTimeString([], { hour12: false }) + '.' + String(new Date(at).getMilliseconds()).padStart(3, '0') : '';
}

function duration(from, to) {
  const millis = new Date(to) - new Date(from);
  return millis < 10000 ? (millis / 1000).toFixed(1) + ' s' : Math.round(millis / 1000) + ' s';
}

function button(action, label = action) {
  return html`<button class="action" data-action="${action}">${label}</button>`;
}

// --- the fleet --------------------------------------------------------------------------

const ACTIONS = { PRE_ONLINE: ['approve', 'offline'], ONLINE: ['offline'], OFFLINE: ['online'], REGISTERED: [] };

function gate(open, label, text = label[0]) {
  return html`<span class="gate ${open ? 'open' : 'closed'}" title="${label} ${open ? 'open' : 'closed'}">${text}</span>`;
}

function instanceRow(instance) {
  const version = instance.registeredVersion
    ? `${instance.version} (registered ${instance.registeredVersion})` : instance.version;
  const health = instance.health ? `${instance.health}${instance.healthVersion ? ' ' + instance.healthVersion : ''}` : '–';
  const deploy = instance.deployGate;
  const nodes = Object.entries(instance.nodes)
    .map(([node, seen]) => html`<div class="peer ${seen.split(/[ ,]/)[0]}">${node}: ${seen}</div>`);
  const deployGate = gate(deploy.startsWith('open'), 'deploy', deploy.startsWith('open w') ? deploy.slice(5) : 'D');
  return html`<tr data-instance-id="${instance.instanceId}">
    <td>${instance.instanceId}</td><td>${instance.host}:${instance.port}</td><td class="lifecycle">${instance.lifecycle}</td>
    <td class="gates">${gate(instance.operatorGate, 'operator')}${gate(instance.healthGate, 'health')}${deployGate}</td>
    <td class="version">${version}</td><td class="health" title="${instance.healthReason}">${health}</td>
    <td class="nodes">${nodes}</td><td>${(ACTIONS[instance.lifecycle] || []).map((action) => button(action))}</td></tr>`;
}

const NO_STATS = html`<p class="quiet">No request statistics yet: nginx publishes them while a deploy or a slow start runs.</p>`;

// A service's block: its name and rollback, its chart, its instances' table, a page of
// them at a time.
function serviceBlock(service) {
  return html`<div class="service" data-service="${service}">
    <h3>${service}${button('rollback', 'roll back')}</h3>
    <div class="stats" data-service="${service}">${NO_STATS}</div>
    <table class="fleet" data-service="${service}">
      <thead><tr><th>Instance</th><th>Address</th><th>Lifecycle</th><th>Gates</th><th>Version</th><th>Health</th><th>nginx</th><th></th></tr></thead>
      <tbody></tbody>
    </table>
    <p class="pager quiet"></p></div>`;
}

// A service's table shows a page of its instances, in the order of their ids, as consoles
// of large fleets page theirs: the page opens as fast with a thousand instances as with a
// screenful (the console's first-render benchmark measures it), and every instance is a
// page or two away. The view keeps them all, and a change to one off its page costs nothing.
// The console sends each service's first page ahead of the other instances.
const PAGE = 25;

// Blocks and shown rows are kept by id, so a change finds its row without searching the
// document.
const services = new Map();
const rows = new Map();

// A block further down than the screen shows its table once it comes within a screen of
// being seen: the first frame builds the rows a reader can see, not a thousand.
const approaching = new IntersectionObserver((entries) => entries
  .filter((entry) => entry.isIntersecting)
  .forEach((entry) => {
    approaching.unobserve(entry.target);
    fill(services.get(entry.target.dataset.service));
  }), { rootMargin: '100% 0px' });

// coming: how many of the service's instances the view's second part still brings.
function remember(node, ids, coming = 0) {
  const block = { node, ids, coming, page: 0, shown: [], filled: false, body: node.querySelector('tbody'),
    chart: node.querySelector('.stats'), pager: node.querySelector('.pager') };
  services.set(node.dataset.service, block);
  return block;
}

function fill(block) {
  block.filled = true;
  showPage(block);
}

// Fills the blocks that start on the first two screens, in order (each one filled moves
// the next further down), and leaves the rest to be filled as they approach.
function fillReachable(blocks) {
  const reach = 2 * innerHeight;
  let within = true;
  for (const block of blocks) {
    within = within && block.node.getBoundingClientRect().top < reach;
    if (within) fill(block);
    else approaching.observe(block.node);
  }
}

function blockOf(service) {
  if (!services.has(service)) {
    const node = made(serviceBlock(service));
    document.getElementById('fleet').append(node);
    fillReachable([remember(node, [])]);
  }
  return services.get(service);
}

function showPage(block) {
  if (!block.filled) return;
  block.page = Math.max(0, Math.min(block.page, Math.ceil(block.ids.length / PAGE) - 1));
  block.shown.forEach((id) => rows.delete(id));
  block.shown = block.ids.slice(block.page * PAGE, (block.page + 1) * PAGE);
  block.body.innerHTML = piece(block.shown.map((id) => instanceRow(view.instances.get(id))));
  for (const row of block.body.rows) rows.set(row.dataset.instanceId, row);
  showPager(block);
}

function showPager(block) {
  const count = block.ids.length + block.coming;
  const first = block.page * PAGE;
  const earlier = first === 0 ? html` disabled` : '';
  const later = first + PAGE >= count ? html` disabled` : '';
  block.pager.innerHTML = count <= PAGE ? '' : piece(html`${first + 1}–${first + block.shown.length} of ${count} instances
    <button data-page="-1"${earlier}>‹ earlier</button> <button data-page="1"${later}>later ›</button>`);
}

function showInstance(instance) {
  const known = view.instances.has(instance.instanceId);
  view.instances.set(instance.instanceId, instance);
  const existing = rows.get(instance.instanceId);
  if (existing) {
    const row = made(instanceRow(instance));
    existing.replaceWith(row);
    rows.set(instance.instanceId, row);
  }
  else if (!known) {
    const block = blockOf(instance.service);
    const at = block.ids.findIndex((id) => id > instance.instanceId);
    block.ids.splice(at < 0 ? block.ids.length : at, 0, instance.instanceId);
    showPage(block);
  }
}

function removeInstance(instanceId) {
  const instance = view.instances.get(instanceId);
  if (!instance) return;
  view.instances.delete(instanceId);
  const block = services.get(instance.service);
  block.ids = block.ids.filter((id) => id !== instanceId);
  showPage(block);
}

function byService(instances) {
  const ids = new Map();
  for (const instance of instances) {
    view.instances.set(instance.instanceId, instance);
    if (!ids.has(instance.service)) ids.set(instance.service, []);
    ids.get(instance.service).push(instance.instanceId);
  }
  return ids;
}

// The fleet put in at once, each service's block with its first page (all the first part
// of the view brings) and its count of instances.
function showFleet(instances, counts) {
  const ids = byService(instances);
  const fleet = document.getElementById('fleet');
  fleet.innerHTML = piece([...ids.keys()].map(serviceBlock));
  services.clear();
  rows.clear();
  approaching.disconnect();
  fillReachable([...ids.entries()].map(([service, first], i) => remember(fleet.children[i], first, counts[service] - first.length)));
}

// The other instances, right after the first part of the view: each after its service's
// first page, as they come in the order of their ids. A table shows them once paged to.
function showLaterPages(instances) {
  for (const [service, later] of byService(instances)) {
    const block = blockOf(service);
    block.ids.push(...later);
    block.coming = 0;
    if (block.shown.length < PAGE) showPage(block);
    else if (block.filled) showPager(block);
  }
}

// --- request statistics -----------------------------------------------------------------

const CHART_SECONDS = 120;
const CHARTS = [
  { label: 'requests/s', value: (point) => point.requests, unit: '' },
  { label: 'failed/s', value: (point) => point.failures, unit: '' },
  { label: 'p99', value: (point) => point.p99Millis, unit: ' ms' },
];

// One sparkline over the last two minutes the statistics cover, with its latest and
// highest value.
function sparkline(chart, points) {
  const width = 240, height = 44;
  const end = new Date(points[points.length - 1].at).getTime();
  const values = points.map(chart.value);
  const highest = Math.max(...values);
  const top = Math.max(1, highest);
  const line = points.map((point, i) => {
    const x = width - (end - new Date(point.at).getTime()) / 1000 / CHART_SECONDS * width;
    return `${x.toFixed(1)},${(height - values[i] / top * (height - 2) - 1).toFixed(1)}`;
  }).join(' ');
  const figure = (value) => (Number.isInteger(value) ? value : value.toFixed(1)) + chart.unit;
  return html`<figure data-chart="${chart.label}">
    <svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${chart.label}">
      <polyline points="${line}" fill="none" stroke="currentColor" stroke-width="1.5"/></svg>
    <figcaption>${chart.label} ${figure(values[values.length - 1])}<span class="quiet"> (max ${figure(highest)})</span></figcaption>
  </figure>`;
}

function showStats(stats) {
  if (stats.points.length === 0) return;
  const last = stats.points[stats.points.length - 1];
  blockOf(stats.service).chart.innerHTML = piece(html`${CHARTS.map((each) => sparkline(each, stats.points))}
    <p class="quiet">per second, summed over every nginx node; latest ${time(last.at)}</p>`);
}

// --- deploys ----------------------------------------------------------------------------

function describe(step) {
  const parts = [step.type];
  if (step.instanceId) parts.push(step.instanceId);
  if (step.type === 'InstanceDrained') parts.push(`in ${step.drainMillis} ms` + (step.timedOut ? ' (timed out)' : ''));
  if (step.reason) parts.push('– ' + step.reason);
  if (step.version && (step.type === 'DeployStarted' || step.type === 'DeploySucceeded')) parts.push(step.version);
  return parts.join(' ');
}

function deployCard(deploy) {
  const controls = deploy.outcome === 'running' ? ['pause', 'resume', 'cancel'].map((action) => button(action)) : [];
  const took = deploy.endedAt ? ', ' + duration(deploy.startedAt, deploy.endedAt) : '';
  const steps = deploy.steps.map((step) =>
    html`<li data-type="${step.type}" data-at="${step.at}"><time>${time(step.at)}</time> ${describe(step)}</li>`);
  return html`<article class="deploy ${deploy.outcome.replace(' ', '-')}" data-deploy-id="${deploy.deployId}">
    <h3>${deploy.service} ${deploy.version}<span class="outcome"> ${deploy.outcome}${took}</span>${controls}</h3>
    <p class="id">${deploy.deployId} · started ${time(deploy.startedAt)}</p>
    <ol class="steps">${steps}</ol></article>`;
}

function showDeploy(deploy) {
  view.deploys.set(deploy.deployId, deploy);
  const card = made(deployCard(deploy));
  const existing = document.querySelector(`article[data-deploy-id="${CSS.escape(deploy.deployId)}"]`);
  if (existing) existing.replaceWith(card);
  else document.getElementById('deploys').prepend(card);
}

function removeDeploy(deployId) {
  view.deploys.delete(deployId);
  document.querySelector(`article[data-deploy-id="${CSS.escape(deployId)}"]`)?.remove();
}

// --- nodes and audit --------------------------------------------------------------------

function nodeRow(node) {
  const late = !node.left && Date.now() - new Date(node.lastHeartbeat) > 3 * node.intervalMillis;
  return html`<tr data-node-id="${node.nodeId}"><td>${node.nodeId}</td><td>${node.services.join(', ')}</td>
    <td>${time(node.lastHeartbeat)}</td><td>${node.left ? 'left: ' + node.left : late ? 'late' : 'beating'}</td></tr>`;
}

function showNode(node) {
  view.nodes.set(node.nodeId, node);
  const row = made(nodeRow(node));
  const existing = document.querySelector(`tr[data-node-id="${CSS.escape(node.nodeId)}"]`);
  if (existing) existing.replaceWith(row);
  else document.querySelector('#nodes tbody').append(row);
}

const AUDIT_SHOWN = 100;

function auditItem(record) {
  const reason = record.reason ? ` – ${record.reason}` : '';
  return html`<li><time>${time(record.at)}</time> <b>${record.actor || record.source}</b> ${record.action} ${record.subject}${reason}</li>`;
}

function showAudit(record) {
  const trail = document.getElementById('audit');
  trail.prepend(made(auditItem(record)));
  while (trail.children.length > AUDIT_SHOWN) trail.lastElementChild.remove();
}

// The first part of the view, each part put in at once: one parse of its markup and one
// layout, however many services and deploys there are.
function showView(whole) {
  performance.mark('baton-view-received');
  Object.values(view).forEach((kept) => kept.clear());
  showFleet(whole.instances, whole.counts);
  whole.stats.forEach(showStats);
  whole.deploys.forEach((deploy) => view.deploys.set(deploy.deployId, deploy));
  document.getElementById('deploys').innerHTML = piece(whole.deploys.map(deployCard).reverse());
  whole.nodes.forEach((node) => view.nodes.set(node.nodeId, node));
  document.querySelector('#nodes tbody').innerHTML = piece(whole.nodes.map(nodeRow));
  document.getElementById('audit').innerHTML = piece(whole.audit.slice(-AUDIT_SHOWN).map(auditItem).reverse());
  performance.mark('baton-view-built');
  // the frame after this one is painted with the view's first screen in it
  requestAnimationFrame(() => setTimeout(() => {
    performance.mark('baton-view-painted');
    document.body.dataset.rendered = String(Object.values(whole.counts).reduce((sum, count) => sum + count, 0));
  }));
}

// --- actions ----------------------------------------------------------------------------

function confirmed(text) {
  const dialog = document.getElementById('confirm');
  document.getElementById('confirm-text').textContent = text;
  document.getElementById('confirm-reason').value = '';
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener('close', () =>
    resolve(dialog.returnValue === 'ok' ? document.getElementById('confirm-reason').value : null), { once: true }));
}

function toast(text, failed) {
  const shown = document.getElementById('toast');
  shown.textContent = text;
  shown.className = failed ? 'toast failed' : 'toast';
  shown.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { shown.hidden = true; }, 6000);
}

async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body) });
  const answer = await response.json().catch(() => ({}));
  if (response.status === 401) location.href = '/login.html';
  return { ok: response.ok, status: response.status, answer };
}

async function decide(instance, action) {
  const reason = await confirmed(`${action} ${instance.instanceId} (${instance.host}:${instance.port})?`);
  if (reason === null) return;
  const { ok, status, answer } = await post(`/api/instances/${encodeURIComponent(instance.instanceId)}/${action}`,
    { reason });
  toast(ok ? `${instance.instanceId}: ${answer.lifecycle ?? answer.status ?? action}` : `${action} refused (${status}): ${answer.error}`, !ok);
}

async function rollBack(service) {
  const reason = await confirmed(`Roll ${service} back to the release before its last succeeded deploy?`);
  if (reason === null) return;
  const { ok, status, answer } = await post(`/api/services/${encodeURIComponent(service)}/rollback`, { reason });
  toast(ok ? `Requested rollback ${answer.deployId}; the deployer answers in its steps` : `Rollback refused (${status}): ${answer.error}`, !ok);
}

async function control(deploy, action) {
  const reason = await confirmed(`${action} deploy ${deploy.deployId} of ${deploy.service}?`);
  if (reason === null) return;
  const { ok, status, answer } = await post(`/api/deploys/${encodeURIComponent(deploy.deployId)}/${action}`, { reason });
  toast(ok ? `${action} requested; the deployer answers in the deploy's steps` : `${action} refused (${status}): ${answer.error}`, !ok);
}

// Every button says its action; the row or card it sits in says what it acts on, or else
// its service's block.
function act(pressed) {
  const action = pressed.dataset.action;
  const instance = pressed.closest('[data-instance-id]');
  const deploy = pressed.closest('[data-deploy-id]');
  if (instance) decide(view.instances.get(instance.dataset.instanceId), action);
  else if (deploy) control(view.deploys.get(deploy.dataset.deployId), action);
  else if (action === 'rollback') rollBack(pressed.closest('[data-service]').dataset.service);
}

document.querySelector('main').addEventListener('click', (event) => {
  const pressed = event.target.closest('button[data-action], button[data-page]');
  if (pressed?.dataset.action) act(pressed);
  else if (pressed) {
    const block = services.get(pressed.closest('[data-service]').dataset.service);
    block.page += Number(pressed.dataset.page);
    showPage(block);
  }
});

document.getElementById('deploy-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const service = document.getElementById('deploy-service').value;
  const version = document.getElementById('deploy-version').value;
  if (await confirmed(`Deploy ${version} of ${service}?`) === null) return;
  const { ok, status, answer } = await post('/api/deploys', { service, version });
  toast(ok ? `Requested deploy ${answer.deployId}` : `Deploy refused (${status}): ${answer.error}`, !ok);
});

// --- live -------------------------------------------------------------------------------

fetch('/api/me').then((response) => response.json()).then((me) => {
  document.getElementById('operator').textContent = me.operator;
});

// Each kind of event the page's head listens for (index.html), and what shows it.
const SHOW = {
  view: showView,
  instances: showLaterPages,
  instance: showInstance,
  'instance-removed': removeInstance,
  deploy: showDeploy,
  'deploy-removed': removeDeploy,
  node: showNode,
  'node-removed': (nodeId) => document.querySelector(`tr[data-node-id="${CSS.escape(nodeId)}"]`)?.remove(),
  audit: showAudit,
  stats: showStats,
};
take = (event) => SHOW[event.type](JSON.parse(event.data));
arrived.splice(0).forEach(take);
const liveness = (text) => () => { document.getElementById('live').textContent = text; };
live.addEventListener('open', liveness('live'));
live.addEventListener('error', liveness('reconnecting…'));
if (live.readyState === EventSource.OPEN) liveness('live')();

// A stream the browser gave up on does not come back by itself: a console that restarted
// knows no session from before, and the browser drops a stream answered with 401. Once the
// console answers again, the page goes to the login, or loads afresh with the whole view.
function recover() {
  const again = () => setTimeout(recover, 2000);
  fetch('/api/me').then((response) => {
    if (response.status === 401) location.href = '/login.html';
    else if (response.ok) location.reload();
    else again();
  }, again);
}
live.addEventListener('error', () => { if (live.readyState === EventSource.CLOSED) recover(); });
// A page the browser keeps to go back to holds no stream open: browsers allow a few
// connections per server, and a handful of kept pages would take them all. Shown again, it
// loads afresh, the whole view with it.
addEventListener('pagehide', () => live.close());
addEventListener('pageshow', (event) => { if (event.persisted) location.reload(); });
