// The console's page: the whole view arrives first on /events, then each change as Kafka
// brings it; nothing is polled. Rows are keyed by id, so a change replaces one row.
'use strict';

const view = { instances: new Map(), nodes: new Map(), deploys: new Map(), audit: [] };

function element(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'onclick') made.addEventListener('click', value);
    else made.setAttribute(name, value);
  }
  for (const child of children) made.append(child ?? '');
  return made;
}

function time(at) {
  return at ? new Date(at).toLocaleTimeString([], { hour12: false }) + '.' + String(new Date(at).getMilliseconds()).padStart(3, '0') : '';
}

function duration(from, to) {
  const millis = new Date(to) - new Date(from);
  return millis < 10000 ? (millis / 1000).toFixed(1) + ' s' : Math.round(millis / 1000) + ' s';
}

// --- the fleet --------------------------------------------------------------------------

const ACTIONS = { PRE_ONLINE: ['approve', 'offline'], ONLINE: ['offline'], OFFLINE: ['online'], REGISTERED: [] };

function gate(open, label) {
  return element('span', { class: open ? 'gate open' : 'gate closed', title: label + (open ? ' open' : ' closed') },
    label[0]);
}

function instanceRow(instance) {
  const nodes = Object.entries(instance.nodes)
    .map(([node, seen]) => element('div', { class: 'peer ' + seen.split(/[ ,]/)[0] }, node + ': ' + seen));
  const version = instance.registeredVersion
    ? `${instance.version} (registered ${instance.registeredVersion})` : instance.version;
  const health = instance.health ? `${instance.health}${instance.healthVersion ? ' ' + instance.healthVersion : ''}` : '–';
  const actions = (ACTIONS[instance.lifecycle] || []).map((action) =>
    element('button', { class: 'action', 'data-action': action,
      onclick: () => decide(instance, action) }, action));
  return element('tr', { 'data-instance-id': instance.instanceId },
    element('td', {}, instance.instanceId),
    element('td', {}, `${instance.host}:${instance.port}`),
    element('td', { class: 'lifecycle' }, instance.lifecycle),
    element('td', { class: 'gates' }, gate(instance.operatorGate, 'operator'), gate(instance.healthGate, 'health'),
      element('span', { class: instance.deployGate.startsWith('open') ? 'gate open' : 'gate closed',
        title: 'deploy ' + instance.deployGate }, instance.deployGate.startsWith('open w') ? instance.deployGate.slice(5) : 'D')),
    element('td', { class: 'version' }, version),
    element('td', { class: 'health', title: instance.healthReason || '' }, health),
    element('td', { class: 'nodes' }, ...nodes),
    element('td', {}, ...actions));
}

function serviceTable(service) {
  let table = document.querySelector(`table[data-service="${CSS.escape(service)}"]`);
  if (!table) {
    table = element('table', { 'data-service': service, class: 'fleet' },
      element('caption', {}, service),
      element('thead', {}, element('tr', {}, ...['Instance', 'Address', 'Lifecycle', 'Gates', 'Version', 'Health',
        'nginx', ''].map((name) => element('th', {}, name)))),
      element('tbody'));
    document.getElementById('fleet').append(table);
  }
  return table.tBodies[0];
}

function showInstance(instance) {
  view.instances.set(instance.instanceId, instance);
  const row = instanceRow(instance);
  const existing = document.querySelector(`tr[data-instance-id="${CSS.escape(instance.instanceId)}"]`);
  if (existing) existing.replaceWith(row);
  else serviceTable(instance.service).append(row);
}

function removeInstance(instanceId) {
  view.instances.delete(instanceId);
  document.querySelector(`tr[data-instance-id="${CSS.escape(instanceId)}"]`)?.remove();
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
  const controls = deploy.outcome === 'running'
    ? ['pause', 'resume', 'cancel'].map((action) => element('button', { class: 'action', 'data-action': action,
      onclick: () => control(deploy, action) }, action)) : [];
  const took = deploy.endedAt ? ', ' + duration(deploy.startedAt, deploy.endedAt) : '';
  return element('article', { class: 'deploy ' + deploy.outcome.replace(' ', '-'), 'data-deploy-id': deploy.deployId },
    element('h3', {}, `${deploy.service} ${deploy.version ?? ''}`,
      element('span', { class: 'outcome' }, ` ${deploy.outcome}${took}`), ...controls),
    element('p', { class: 'id' }, deploy.deployId, ' · started ', time(deploy.startedAt)),
    element('ol', { class: 'steps' }, ...deploy.steps.map((step) =>
      element('li', { 'data-type': step.type, 'data-at': step.at }, element('time', {}, time(step.at)), ' ',
        describe(step)))));
}

function showDeploy(deploy) {
  view.deploys.set(deploy.deployId, deploy);
  const card = deployCard(deploy);
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
  return element('tr', { 'data-node-id': node.nodeId },
    element('td', {}, node.nodeId), element('td', {}, node.services.join(', ')),
    element('td', {}, time(node.lastHeartbeat)),
    element('td', {}, node.left ? 'left: ' + node.left : late ? 'late' : 'beating'));
}

function showNode(node) {
  view.nodes.set(node.nodeId, node);
  const row = nodeRow(node);
  const existing = document.querySelector(`tr[data-node-id="${CSS.escape(node.nodeId)}"]`);
  if (existing) existing.replaceWith(row);
  else document.querySelector('#nodes tbody').append(row);
}

function showAudit(record) {
  const trail = document.getElementById('audit');
  trail.prepend(element('li', {}, element('time', {}, time(record.at)), ' ',
    element('b', {}, record.actor || record.source), ` ${record.action} ${record.subject}`,
    record.reason ? ` – ${record.reason}` : ''));
  while (trail.children.length > 100) trail.lastElementChild.remove();
}

function showView(whole) {
  document.getElementById('fleet').replaceChildren();
  document.getElementById('deploys').replaceChildren();
  document.querySelector('#nodes tbody').replaceChildren();
  document.getElementById('audit').replaceChildren();
  whole.instances.forEach(showInstance);
  whole.deploys.forEach(showDeploy);
  whole.nodes.forEach(showNode);
  whole.audit.forEach(showAudit);
  document.body.dataset.rendered = String(whole.instances.length);
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

async function control(deploy, action) {
  const reason = await confirmed(`${action} deploy ${deploy.deployId} of ${deploy.service}?`);
  if (reason === null) return;
  const { ok, status, answer } = await post(`/api/deploys/${encodeURIComponent(deploy.deployId)}/${action}`, { reason });
  toast(ok ? `${action} requested; the deployer answers in the deploy's steps` : `${action} refused (${status}): ${answer.error}`, !ok);
}

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

const live = new EventSource('/events');
const on = (kind, show) => live.addEventListener(kind, (event) => show(JSON.parse(event.data)));
on('view', showView);
on('instance', showInstance);
on('instance-removed', removeInstance);
on('deploy', showDeploy);
on('deploy-removed', removeDeploy);
on('node', showNode);
on('node-removed', (nodeId) => document.querySelector(`tr[data-node-id="${CSS.escape(nodeId)}"]`)?.remove());
on('audit', showAudit);
live.addEventListener('open', () => { document.getElementById('live').textContent = 'live'; });
live.addEventListener('error', () => { document.getElementById('live').textContent = 'reconnecting…'; });
