// The map's hover card: name, group and (when calculated) output of a location.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/');
import { act } from 'react';
import { language } from '../src/i18n';
import { HoverCard, HOVER_CARD_DELAY_MS } from '../src/map/HoverCard';
import { locations } from '../src/stores/locations';
import { modelId, models, submodelId, submodels } from '../src/stores/models';
import { scenarioId, scenarios } from '../src/stores/scenarios';
import { location, model, scenario } from './fixtures';
import { render } from './render';

test('a card names the location and its group; the output only when the scenario is calculated', async () => {
  assert.is(HOVER_CARD_DELAY_MS, 300);
  language.value = 'en';
  models.value = [model(1, { outputType: 1, currency: 'EUR' })];
  modelId.value = 1;
  submodels.value = [];
  submodelId.value = null;
  locations.value = [
    location(5, { name: 'Dagvers Utrecht 2', locationGroup: 'Dagvers', score: 1234567 }),
    location(6, { name: 'Losse winkel', locationGroup: null, score: null }),
  ];
  scenarios.value = [scenario(3, { status: 0 })];
  scenarioId.value = 3;
  const view = await render(<HoverCard state={{ id: 5, x: 100, y: 80 }} width={800} />);
  const card = () => view.container.querySelector('[role="tooltip"]');
  assert.ok(card());
  assert.ok(card()!.textContent!.includes('Dagvers Utrecht 2'));
  assert.ok(card()!.textContent!.includes('Dagvers'));
  assert.not.ok(card()!.textContent!.includes('Output'), 'not calculated: no output');
  await act(async () => {
    scenarios.value = [scenario(3, { status: 9 })];
  });
  assert.match(card()!.textContent!, /Output: .*1[.,\s\u202f]?234[.,\s\u202f]?567/);
  assert.is((card() as HTMLElement).style.left, '114px', 'right of the pointer');
  await view.unmount();
  const nearEdge = await render(<HoverCard state={{ id: 6, x: 700, y: 80 }} width={800} />);
  const other = nearEdge.container.querySelector<HTMLElement>('[role="tooltip"]')!;
  assert.ok(other.textContent!.includes('No group'));
  assert.is(other.style.left, '446px', 'left of the pointer near the right edge');
  await nearEdge.unmount();
});

test.run();
