// Two copies of the test world in one database, for the robustness tests:
// "own" (the model the three accounts use: the planner and the model
// administrator have access to its two models) and "foreign" (the same world
// again, whose models those two cannot reach). Every kind of object a path can
// name exists in both, so any id of the own world can be swapped for the
// foreign world's id of the same kind. Both base scenarios and a child
// scenario with an edit are calculated before the tests start.
import { createPrivateKey } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWK } from 'jose';
import type { Queryable } from '../../src/db/database.js';
import { loadOrCreateSigningKeys } from '../../src/identity/keys.js';
import { startProcessing } from '../../src/processing/index.js';
import { requestProcessing } from '../../src/repo/queue.js';
import { startTestServer, type TestServer } from './server.js';
import { signIn } from './sign-in.js';
import { buildWorld, childWithEdit, type World } from './world.js';
import { testProcessingSettings, waitForStatus } from './world-server.js';

export interface RobWorld extends World {
  poiSetId: number;
  heatMapSetId: number;
  isoLineSetId: number;
  /** A calculated child scenario of the base scenario that edits store Bravo. */
  childScenarioId: number;
  /** The tile slug of the grid-cell area set. */
  cellSlug: string;
  /** Login ids (text) of the world's three accounts. */
  loginIds: { planner: string; modelAdmin: string; globalAdmin: string };
}

export interface RobTokens {
  planner: string;
  modelAdmin: string;
  globalAdmin: string;
  /** The planner's token with its signature bytes changed. */
  badSignature: string;
  /** The planner's claims with exp an hour ago, signed with the server's own key. */
  expired: string;
  /** The planner's claims with another issuer, signed with the server's own key. */
  otherIssuer: string;
}

export interface RobWorlds {
  server: TestServer;
  own: RobWorld;
  foreign: RobWorld;
  tokens: RobTokens;
  close(): Promise<void>;
}

/** A 1 x 1 PNG (a location photo). */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function extras(db: Queryable, world: World): Promise<Omit<RobWorld, keyof World | 'childScenarioId'>> {
  const one = async <T>(sql: string, params: unknown[]) => (await db.query<T>(sql, params)).rows[0]!;
  const poiSet = await one<{ id: number }>('SELECT id FROM poi_set WHERE model_id = $1', [world.modelId]);
  const heat = await one<{ id: number }>(`INSERT INTO heat_map_set (model_id, name, title) VALUES ($1, 'footfall', 'Footfall') RETURNING id`, [world.modelId]);
  for (let k = 0; k < 8; k++) {
    await db.query('INSERT INTO heat_map_point (heat_map_set_id, latitude, longitude, weight) VALUES ($1, $2, $3, $4)', [
      heat.id,
      52.01 + k * 0.01,
      5.01 + k * 0.02,
      30 * k,
    ]);
  }
  const iso = await one<{ id: number }>(
    `INSERT INTO iso_line_set (model_id, name, title, maximum_minutes, minutes, profile) VALUES ($1, 'car', 'By car', 30, 10, 'car') RETURNING id`,
    [world.modelId],
  );
  await db.query(
    `UPDATE model SET main_logo = '<svg xmlns="http://www.w3.org/2000/svg"/>', secondary_logo = '<svg xmlns="http://www.w3.org/2000/svg"/>', display_location_photo = true WHERE id = $1`,
    [world.modelId],
  );
  await db.query(`INSERT INTO location_photo (location_id, content_type, image) VALUES ($1, 'image/png', $2)`, [world.stores.Alpha, TINY_PNG]);
  const slug = await one<{ slug: string }>('SELECT slug FROM area_set WHERE id = $1', [world.cellSetId]);
  const logins = async (email: string) => String((await one<{ id: number }>('SELECT id FROM login WHERE identity = $1', [email])).id);
  return {
    poiSetId: poiSet.id,
    heatMapSetId: heat.id,
    isoLineSetId: iso.id,
    cellSlug: slug.slug,
    loginIds: {
      planner: await logins(world.accounts.planner.email),
      modelAdmin: await logins(world.accounts.modelAdmin.email),
      globalAdmin: await logins(world.accounts.globalAdmin.email),
    },
  };
}

/** Re-signs a real token's claims (changed by `change`) with the server's own signing key. */
export async function resign(db: Queryable, token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>): Promise<string> {
  const header = decodeProtectedHeader(token);
  const claims = change({ ...decodeJwt(token) } as Record<string, unknown>);
  const set = await loadOrCreateSigningKeys(db);
  const jwk = set.keys.find((k) => k.kid === header.kid) ?? set.keys[0]!;
  // Through node's KeyObject so jose takes the private JWK as it is stored.
  const key = createPrivateKey({ key: jwk as JWK & { kty: 'RSA' }, format: 'jwk' });
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: String(header.typ), kid: header.kid }).sign(key);
}

export async function startRobWorlds(options: { env?: Record<string, string> } = {}): Promise<RobWorlds> {
  let own: RobWorld | undefined;
  let foreign: RobWorld | undefined;
  const server = await startTestServer({
    env: options.env,
    seed: async (ctx) => {
      const { db } = ctx;
      // The foreign world first; its accounts get other sign-in names.
      const f = await buildWorld(db);
      for (const account of Object.values(f.accounts)) {
        await db.query(`UPDATE login SET identity = 'foreign-' || identity, email = 'foreign-' || email WHERE identity = $1`, [account.email]);
        await db.query(`UPDATE app_user SET email = 'foreign-' || email WHERE id = $1`, [account.userId]);
        account.email = `foreign-${account.email}`;
      }
      const o = await buildWorld(db);
      const worlds: RobWorld[] = [];
      for (const w of [o, f]) {
        const child = await childWithEdit(db, w.baseScenarioId, w.stores.Bravo!, 'Bravo bigger', { salesArea: 1100 });
        worlds.push({ ...w, ...(await extras(db, w)), childScenarioId: child });
      }
      [own, foreign] = worlds;
    },
  });
  const processor = startProcessing(server.ctx, testProcessingSettings({ workerName: 'rob-setup' }));
  try {
    for (const w of [own!, foreign!]) {
      for (const id of [w.baseScenarioId, w.childScenarioId, w.scoreBaseScenarioId]) {
        await requestProcessing(server.ctx.db, id, null);
      }
    }
    processor.wake();
    for (const w of [own!, foreign!]) {
      for (const id of [w.baseScenarioId, w.childScenarioId, w.scoreBaseScenarioId]) {
        const status = await waitForStatus(server.ctx.db, id, [9, 10], 120_000);
        if (status !== 9) throw new Error(`scenario ${id} of the robustness world ended at ${status}`);
      }
    }
  } finally {
    await processor.stop();
  }
  const accounts = own!.accounts;
  const planner = (await signIn(server.baseUrl, accounts.planner.email, accounts.planner.password)).accessToken;
  const modelAdmin = (await signIn(server.baseUrl, accounts.modelAdmin.email, accounts.modelAdmin.password)).accessToken;
  const globalAdmin = (await signIn(server.baseUrl, accounts.globalAdmin.email, accounts.globalAdmin.password)).accessToken;
  const [head, body, signature] = planner.split('.') as [string, string, string];
  const flipped = Buffer.from(signature, 'base64url');
  flipped[10] ^= 0xff;
  const tokens: RobTokens = {
    planner,
    modelAdmin,
    globalAdmin,
    badSignature: `${head}.${body}.${flipped.toString('base64url')}`,
    expired: await resign(server.ctx.db, planner, (c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })),
    otherIssuer: await resign(server.ctx.db, planner, (c) => ({ ...c, iss: 'https://identity.elsewhere.example/oidc' })),
  };
  return { server, own: own!, foreign: foreign!, tokens, close: () => server.close() };
}
