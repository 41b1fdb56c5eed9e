// Strict reading of paths and the token endpoint's preflight:
//   - ids are decimal digits only: ' 1', '0x10', '1e3', '+1', '1.0' answer 400
//     naming the field, never another row read leniently;
//   - a path parameter over 500 characters answers 400 naming it, not 404;
//   - the CORS preflight of /oidc/token answers only the planner client's
//     origins (any other origin gets no Access-Control-Allow-Origin).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';

let ws: WorldServer;
test.before(async () => {
  ws = await startWorldServer({}, { processing: false });
});
test.after(async () => {
  await ws?.close();
});

test('ids are decimal digits only: anything else is 400 naming the field', async () => {
  const id = ws.world.baseScenarioId;
  const ok = await ws.call(`/api/models/scenarios/${id}/locations`, ws.tokens.planner);
  assert.is(ok.status, 200, ok.text());
  for (const bad of [` ${id}`, `%20${id}`, `0x${id.toString(16)}`, `${id}e0`, `+${id}`, `${id}.0`, `${id}%20`, '-1', '0']) {
    const r = await ws.call(`/api/models/scenarios/${bad}/locations`, ws.tokens.planner);
    assert.is(r.status, 400, `${bad}: ${r.text()}`);
    assert.match(r.json().field ?? r.text(), /scenarioId/, `${bad}: the answer names the field`);
  }
  const query = await ws.call(`/api/models/${ws.world.modelId}/scenarios/${id}/locations/${ws.world.stores.Alpha}/catchment-areas/1e3`, ws.tokens.planner);
  assert.is(query.status, 400, query.text());
});

test('a path parameter over 500 characters is 400 naming it, not 404', async () => {
  const long = '1'.repeat(501);
  const r = await ws.call(`/api/models/scenarios/${long}/locations`, ws.tokens.planner);
  assert.is(r.status, 400, r.text());
  assert.match(r.json().field, /scenarioId/);
  assert.match(r.json().message, /at most 500 characters/);
});

test("the /oidc/token preflight answers the planner client's origin only", async () => {
  const preflight = (origin: string) =>
    ws.server.fetch('/oidc/token', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
  const foreign = await preflight('https://attacker.example');
  assert.is(foreign.headers['access-control-allow-origin'], undefined, 'no CORS permission for another origin');
  assert.ok(foreign.status < 300, `${foreign.status}`);
  const own = new URL(ws.server.baseUrl).origin;
  const allowed = await preflight(own);
  assert.is(allowed.headers['access-control-allow-origin'], own, "the planner client's origin is answered");
});

test.run();
