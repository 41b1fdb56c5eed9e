// The satellite imagery setting: read from SATELLITE_TILE_URL and
// SATELLITE_ATTRIBUTION, checked at start, its origin allowed for map images,
// and offered to the app in the environment answer (absent when unset).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Environment, routes } from '@locus/contract';
import { loadConfig, satelliteImagery } from '../src/config.js';
import type { ServerContext } from '../src/context.js';
import type { HandlerInput, RouteHandler } from '../src/http/register-routes.js';
import { systemHandlers } from '../src/routes/system.js';

const TEMPLATE = 'https://imagery.example.com/tiles/{z}/{y}/{x}.jpg';

async function environmentAnswer(env: Record<string, string>): Promise<Environment> {
  const config = loadConfig({ DATA_DIR: 'data', ENVIRONMENT: 'Test', BASEMAP: 'builtin', ...env });
  const handler: RouteHandler<typeof routes.systemEnvironment> = systemHandlers({ config } as unknown as ServerContext).systemEnvironment;
  const answer = await handler({ route: routes.systemEnvironment } as unknown as HandlerInput<typeof routes.systemEnvironment>);
  return Environment.parse(answer);
}

test('without SATELLITE_TILE_URL there is no satellite setting and no extra map origin', async () => {
  const config = loadConfig({ DATA_DIR: 'data' });
  assert.is(config.satellite, undefined);
  assert.not.ok(config.web.mapOrigins.includes('https://imagery.example.com'));
  const answer = await environmentAnswer({});
  assert.equal(answer, { environment: 'Test' });
});

test('a configured template is offered with its attribution and its origin is allowed', async () => {
  const config = loadConfig({ DATA_DIR: 'data', SATELLITE_TILE_URL: TEMPLATE, SATELLITE_ATTRIBUTION: ' Imagery © Example ' });
  assert.equal(config.satellite, { url: TEMPLATE, attribution: 'Imagery © Example', origin: 'https://imagery.example.com' });
  assert.ok(config.web.mapOrigins.includes('https://imagery.example.com'));
  const answer = await environmentAnswer({ SATELLITE_TILE_URL: TEMPLATE });
  assert.equal(answer, { environment: 'Test', satellite: { url: TEMPLATE, attribution: null } });
});

test('an origin already among the map origins is not added twice', () => {
  const config = loadConfig({
    DATA_DIR: 'data',
    SATELLITE_TILE_URL: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  });
  assert.is(config.web.mapOrigins.filter((o) => o === 'https://server.arcgisonline.com').length, 1);
});

test('a template that is not an http address or lacks a tile coordinate stops the start', () => {
  assert.throws(() => satelliteImagery('ftp://imagery.example.com/{z}/{x}/{y}', undefined), /http or https/);
  assert.throws(() => satelliteImagery('not a url {z}', undefined), /is not a URL/);
  assert.throws(() => satelliteImagery('https://imagery.example.com/{z}/{x}.png', undefined), /\{z\}, \{x\} and \{y\}/);
  assert.is(satelliteImagery('  ', 'x'), undefined);
});

test.run();
