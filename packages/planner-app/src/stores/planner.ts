// The planner's actions across the stores: startup in the order of spec
// point 4, model / sub-model / scenario / location selection, calculation and
// status polling. Components call these; they never fetch on their own.
import { ScenarioStatusPollIdleMs, ScenarioStatusPollMs, type Model, type Scenario, type ScenarioEvent, type ScenarioOnlyStatus } from '@locus/contract';
import { batch, effect } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { sessionState, startSession } from '../auth/session';
import { chooseLanguage, setModelLanguage, t } from '../i18n';
import { formatAddress, parseAddress, selectionKey, type Address } from './address';
import { emptyLayers, layers } from './layers';
import { emptyFilter, filter, locationDetail, locationDetailLoading, locations, selectedLocationId, withLocation } from './locations';
import { deniedModelId, model, modelId, models, modelsLoaded, submodelId, submodels } from './models';
import { isProcessing, scenario, scenarioId, scenarios } from './scenarios';
import type { SystemModel } from './system';
import { startEventStream, streamState, type StreamOptions } from './events';
import { MARKS, mark } from '../perf';
import { latestWins, STALE } from './latest';
import { notify } from './ui';
import { DEFAULT_VIEW, requestFit, view } from './view';

let api: ApiClient;
/** A model change makes the reads for an earlier model void. */
const modelLoad = latestWins();
/** The shown scenario's locations: a newer read makes an older one void. */
const locationsRead = latestWins();
/** The selected location's detail: a newer read makes an older one void. */
const detailRead = latestWins();

export function useApi(client: ApiClient): void {
  api = client;
}

/** Startup: system ready, sign-in, models, then the address's or the first model. */
export async function startApp(client: ApiClient, system: Pick<SystemModel, 'waitUntilReady' | 'loadSystemInfo'>, search = location.search): Promise<void> {
  api = client;
  const address = parseAddress(search);
  // The map opens where the address looks, not at the default view it would leave as soon as the models
  // arrive (a flash of the wrong place, and street tiles asked for at a zoom nobody wanted).
  if (hasView(address)) view.value = { ...DEFAULT_VIEW, ...address.view };
  await system.waitUntilReady();
  void system.loadSystemInfo();
  await startSession(() => api.call('systemMsalConfiguration', { expected: () => true }));
  if (sessionState.value !== 'signedIn') return;
  await Promise.all([loadLanguageChoice(), loadModels(address)]);
}

/** The language this account chose (on any device); null keeps the default rule. */
async function loadLanguageChoice(): Promise<void> {
  const settings = await api.call('userSettings', { expected: () => true }).catch(() => null);
  if (settings) chooseLanguage(settings.language);
}

/** Chooses the interface language for this account (null: the default rule) and remembers it on the server. */
export async function saveLanguageChoice(choice: Parameters<typeof chooseLanguage>[0]): Promise<void> {
  chooseLanguage(choice);
  await api.call('userSettingsSave', { body: { language: choice } });
}

/** Whether an address says where the map looks (its zoom or centre). */
function hasView(address: Address): boolean {
  return address.view.zoom !== undefined || !!address.view.center;
}

export async function loadModels(address: Address): Promise<void> {
  const list = await api.call('models');
  models.value = list;
  modelsLoaded.value = true;
  if (hasView(address)) requestFit({ kind: 'view', view: { ...DEFAULT_VIEW, ...address.view } });
  if (!list.length) return;
  const asked = address.mid !== null ? list.find((m) => m.id === address.mid) : undefined;
  deniedModelId.value = address.mid !== null && !asked ? address.mid : null;
  if (deniedModelId.value !== null) notify(t('noAccessToModel', { id: deniedModelId.value }), 'warning');
  const restoring = !!asked;
  // An address with a view but no model of its own (a shared map link) keeps its view on the first model.
  await selectModel((asked ?? list[0]!).id, restoring ? address : null, { keepView: hasView(address) });
}

/**
 * Chooses a model: resets location, scenario, layers and filters, selects the
 * first catchment area and isoline set, then loads its
 * sub-models, scenarios and the chosen scenario's locations. With an address,
 * its sub-model, scenario and location are restored and the map keeps the
 * address's view (as it does with `keepView`); otherwise the map fits to all
 * visible locations.
 */
export async function selectModel(id: number, address: Address | null = null, options: { keepView?: boolean } = {}): Promise<void> {
  const chosen = models.value.find((m) => m.id === id);
  if (!chosen) return;
  await modelLoad.run((signal) => loadModel(chosen, address, options, signal));
}

async function loadModel(chosen: Model, address: Address | null, options: { keepView?: boolean }, signal: AbortSignal): Promise<void> {
  const id = chosen.id;
  batch(() => {
    modelId.value = id;
    setModelLanguage(chosen.language);
    selectedLocationId.value = null;
    locationDetail.value = null;
    scenarioId.value = null;
    scenarios.value = [];
    locations.value = [];
    submodels.value = [];
    submodelId.value = null;
    filter.value = emptyFilter;
    layers.value = {
      ...emptyLayers,
      catchmentAreaId: chosen.catchmentAreas[0]?.id ?? null,
      isoLineSetId: chosen.isoLineSets[0]?.id ?? null,
    };
  });
  const [subs, list] = await Promise.all([
    api.call('submodels', { params: { modelId: id }, signal }),
    api.call('scenarios', { params: { modelId: id }, signal }),
  ]);
  if (signal.aborted) return;
  const sid =
    address?.sid !== null && address?.sid !== undefined && list.some((s) => s.id === address.sid)
      ? address.sid
      : ((list.find((s) => s.parentScenarioId === null) ?? list[0])?.id ?? null);
  batch(() => {
    submodels.value = subs;
    submodelId.value = (address?.smid && subs.some((s) => s.id === address.smid) ? address.smid : subs[0]?.id) ?? null;
    scenarios.value = list;
    scenarioId.value = sid;
  });
  // A calculation already running (the base on a fresh install): its progress is followed every second.
  if (pollTimer && busyWatching()) schedulePoll(FAST_POLL_MS);
  await loadLocations();
  if (signal.aborted) return;
  if (address?.lid && locations.value.some((l) => l.id === address.lid)) await selectLocation(address.lid, { frame: !hasView(address) });
  if (!options.keepView && (!address || !hasView(address))) requestFit({ kind: 'all' });
}

export function selectSubmodel(id: number): void {
  if (!submodels.value.some((s) => s.id === id)) return;
  submodelId.value = id;
}

export async function selectScenario(id: number, options: { keepLocation?: boolean } = {}): Promise<void> {
  if (!scenarios.value.some((s) => s.id === id)) return;
  const keep = options.keepLocation ?? true;
  batch(() => {
    scenarioId.value = id;
    if (!keep) {
      selectedLocationId.value = null;
      locationDetail.value = null;
    }
  });
  await loadLocations();
  const lid = selectedLocationId.value;
  if (lid !== null) {
    if (locations.value.some((l) => l.id === lid)) await loadLocationDetail();
    else
      batch(() => {
        selectedLocationId.value = null;
        locationDetail.value = null;
      });
  }
}

export async function loadLocations(): Promise<void> {
  const sid = scenarioId.value;
  if (sid === null) {
    locations.value = [];
    return;
  }
  await untilLatestLocations(readLocations(sid));
}

/**
 * After a write of one location of the shown scenario: reads that location
 * alone and puts it into the list (a write changes the scenario's list in that
 * entry only), instead of reading every location again. A list read on its
 * way lands first. When the location is the selected one, this read is its
 * detail too; should a newer detail read replace it, the whole list is read.
 */
export async function refreshWrittenLocation(lid: number): Promise<void> {
  const sid = scenarioId.value;
  if (sid === null) return;
  await latestLocationsRead.catch(() => undefined);
  const selected = selectedLocationId.value === lid;
  const detail = selected
    ? await detailRead.run((signal) => readLocationDetail(sid, lid, signal))
    : await readLocationDetail(sid, lid, new AbortController().signal);
  if (sid !== scenarioId.value) return;
  if (detail === STALE) return loadLocations();
  batch(() => {
    locations.value = withLocation(locations.value, lid, detail);
    if (selected && selectedLocationId.value === lid) {
      locationDetail.value = detail;
      locationDetailLoading.value = false;
    }
  });
}

/**
 * Reads a scenario's locations into the store (a newer read makes this one's
 * answer void) and makes it the read untilLatestLocations waits for.
 * `endGoneSelection`: a selected location no longer in the list (removed
 * elsewhere) is deselected in the same step.
 */
function readLocations(sid: number, options: { endGoneSelection?: boolean } = {}): Promise<void> {
  const read = locationsRead
    .run((signal) => api.call('scenarioLocations', { params: { scenarioId: sid }, signal }))
    .then((list) => {
      if (list === STALE) return;
      batch(() => {
        locations.value = list;
        const selected = selectedLocationId.value;
        if (options.endGoneSelection && selected !== null && !list.some((l) => l.id === selected)) {
          selectedLocationId.value = null;
          locationDetail.value = null;
        }
      });
    });
  latestLocationsRead = read;
  read.catch(() => undefined);
  return read;
}

/** A location's properties in a scenario; null when the scenario does not hold it (404). */
function readLocationDetail(sid: number, lid: number, signal: AbortSignal) {
  return api.call('scenarioLocationProperties', { params: { scenarioId: sid, locationId: lid }, expected: [404], signal }).catch((error) => {
    if (error?.status === 404) return null;
    throw error;
  });
}

/** The newest read of the shown scenario's locations (a load, or a reload after a pushed change). */
let latestLocationsRead: Promise<void> = Promise.resolve();

/**
 * Waits for a read of the locations and, when a newer read replaced it meanwhile, for that one:
 * a caller that looks at the locations afterwards (a save selecting its new location) sees the
 * newest list, never the one from before its own write. Rejects with the caller's own read only.
 */
async function untilLatestLocations(read: Promise<void>): Promise<void> {
  await read;
  for (let next = latestLocationsRead; next !== read; next = latestLocationsRead) {
    read = next;
    await next.catch(() => undefined);
  }
}

/**
 * Selects a location (null: none). `frame: false` keeps the view as it is when the catchment
 * arrives (a selection restored with the view of an address); otherwise the map shows it whole.
 */
export async function selectLocation(id: number | null, options: { frame?: boolean } = {}): Promise<void> {
  if (id === selectedLocationId.value && (id === null || locationDetail.value?.id === id)) return;
  if (id !== null) mark(MARKS.locationSelected, { locationId: id, frame: options.frame ?? true });
  batch(() => {
    selectedLocationId.value = id;
    if (locationDetail.value?.id !== id) locationDetail.value = null;
  });
  await loadLocationDetail();
}

/** Reads the selected location's properties in the current scenario. */
export async function loadLocationDetail(): Promise<void> {
  const lid = selectedLocationId.value;
  const sid = scenarioId.value;
  if (lid === null || sid === null) {
    detailRead.abort();
    batch(() => {
      locationDetail.value = null;
      locationDetailLoading.value = false;
    });
    return;
  }
  locationDetailLoading.value = true;
  const detail = await detailRead
    .run((signal) => readLocationDetail(sid, lid, signal))
    .catch((error: unknown) => {
      locationDetailLoading.value = false;
      throw error;
    });
  if (detail === STALE) return;
  batch(() => {
    locationDetail.value = detail;
    locationDetailLoading.value = false;
  });
}

/** Reloads the model's scenarios (after a write) and keeps the chosen one when it still exists. */
export async function reloadScenarios(selectId?: number | null): Promise<void> {
  const mid = modelId.value;
  if (mid === null) return;
  const list = await api.call('scenarios', { params: { modelId: mid } });
  if (mid !== modelId.value) return;
  scenarios.value = list;
  const wanted = selectId ?? scenarioId.value;
  const next = list.some((s) => s.id === wanted) ? wanted : ((list.find((s) => s.parentScenarioId === null) ?? list[0])?.id ?? null);
  if (next !== scenarioId.value) {
    if (next !== null) await selectScenario(next);
    else scenarioId.value = null;
  }
}

function replaceScenario(updated: Partial<Scenario> & { id: number }): void {
  scenarios.value = scenarios.value.map((s) => (s.id === updated.id ? { ...s, ...updated } : s));
}

/**
 * The one calculate action (the drawer's button, the scenario menu, the
 * question after a save): starts the calculation of a scenario (the shown one
 * by default) unless it is calculating; the chip shows status 1 at once and
 * the progress follows. Never rejects: a refusal is shown by the error dialog
 * (the API client's failure handler), the status goes back to what it was,
 * and the answer is false.
 */
export async function calculate(id = scenarioId.value): Promise<boolean> {
  if (id === null) return false;
  const current = scenarios.value.find((s) => s.id === id);
  if (!current || isProcessing(current.status)) return false;
  replaceScenario({ id, status: 1 });
  watching.add(id);
  try {
    await api.call('scenarioStartProcessing', { params: { scenarioId: id } });
  } catch {
    replaceScenario({ id, status: current.status });
    watching.delete(id);
    return false;
  }
  schedulePoll(FAST_POLL_MS);
  return true;
}

/**
 * Starts the calculation of a scenario just written (Save and calculate),
 * also one the app does not list yet (a new scenario): the start is asked at
 * once, and the status followed as for calculate().
 */
export async function calculateAfterWrite(id: number): Promise<void> {
  watching.add(id);
  try {
    await api.call('scenarioStartProcessing', { params: { scenarioId: id } });
  } catch (error) {
    watching.delete(id);
    throw error;
  }
  const current = scenarios.value.find((s) => s.id === id);
  if (current && !isProcessing(current.status) && current.status !== 9) replaceScenario({ id, status: 1 });
  schedulePoll(FAST_POLL_MS);
}

// --- Status polling -------------------------------------------------------
// Every 10 s when the user has been idle for over 5 s. While a
// scenario this user started is calculating, the chip shows live progress, so
// the app then asks every second (docs/planner-app.md).

const FAST_POLL_MS = 1000;
/** Scenarios whose calculation this session watches for its result. */
const watching = new Set<number>();
let lastActivity = Date.now();
let pollTimer: ReturnType<typeof setTimeout> | null = null;

export function noteActivity(now = Date.now()): void {
  lastActivity = now;
}

export function isIdle(now = Date.now()): boolean {
  return now - lastActivity > ScenarioStatusPollIdleMs;
}

function schedulePoll(ms: number): void {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = setTimeout(() => void pollTick(), ms);
}

/** One tick of the status poll; schedules the next. Exported for tests. */
export async function pollTick(now = Date.now()): Promise<void> {
  try {
    // The event stream brings every change as it commits; the poll is the fallback while it is not open.
    if (streamState.value !== 'open' && (busyWatching() || isIdle(now))) await pollStatuses();
  } catch {
    // A failed poll is tried again at the next tick (the error dialog has shown it).
  } finally {
    schedulePoll(busyWatching() ? FAST_POLL_MS : ScenarioStatusPollMs);
  }
}

/**
 * Whether a calculation the user waits for is running: one this session
 * started, the shown scenario's, or the base scenario's (which the server
 * calculates by itself on a fresh install and after a parameter change, and
 * which every impact figure needs).
 */
function busyWatching(): boolean {
  return scenarios.value.some((s) => isProcessing(s.status) && (watching.has(s.id) || s.id === scenarioId.value || s.parentScenarioId === null));
}

/** Stops the status poll (sign-out, tests). */
export function stopStatusPolling(): void {
  if (pollTimer) clearTimeout(pollTimer);
  pollTimer = null;
  watching.clear();
}

export function startStatusPolling(): () => void {
  const onActivity = () => noteActivity();
  for (const type of ['pointerdown', 'keydown', 'wheel', 'pointermove'] as const) addEventListener(type, onActivity, { passive: true });
  schedulePoll(busyWatching() ? FAST_POLL_MS : ScenarioStatusPollMs);
  return () => {
    for (const type of ['pointerdown', 'keydown', 'wheel', 'pointermove'] as const) removeEventListener(type, onActivity);
    stopStatusPolling();
  };
}

/** Reads scenarios/only-status and applies changes; on 9 the location detail reloads and a notification says so. */
export async function pollStatuses(): Promise<void> {
  const mid = modelId.value;
  if (mid === null) return;
  const statuses = await api.call('scenariosOnlyStatus', { params: { modelId: mid } });
  if (mid !== modelId.value) return;
  const byId = new Map(statuses.map((s) => [s.id, s]));
  const unknown = statuses.some((s) => !scenarios.value.some((x) => x.id === s.id)) || scenarios.value.some((s) => !byId.has(s.id));
  await applyStatuses(statuses, unknown);
}

/**
 * Applies scenario states (from the poll or the event stream). A scenario
 * whose calculation ended (9 or 10) that is on the screen has its locations
 * and the selected location read first, and its new status set together with
 * them: the chip, the drawer and the map change in one step, and the old
 * figures stay on the screen until the new ones are there. A content change
 * of the shown scenario (another user's location write) reloads what shows it.
 */
async function applyStatuses(statuses: readonly ScenarioOnlyStatus[], listChanged: boolean): Promise<void> {
  const mid = modelId.value;
  const before = new Map(scenarios.value.map((s) => [s.id, s]));
  const shown = scenarioId.value;
  const changed = statuses.filter((next) => {
    const was = before.get(next.id);
    return was && (was.status !== next.status || was.modified !== next.modified);
  });
  const finished = changed.filter((next) => (next.status === 9 || next.status === 10) && before.get(next.id)!.status !== next.status);
  const shownChange = changed.find((next) => next.id === shown);
  const contentChanged = !!shownChange && before.get(shownChange.id)!.modified !== shownChange.modified;
  if (listChanged || contentChanged) {
    // Names, changes and counts come with the list; the shown scenario's locations follow below.
    await reloadScenarios();
    if (mid !== modelId.value) return;
  }
  const reloadShown = !!shownChange && (contentChanged || finished.some((f) => f.id === shown));
  if (reloadShown && shown === scenarioId.value) await reloadShownScenario();
  if (mid !== modelId.value) return;
  if (changed.length) {
    const byId = new Map(changed.map((c) => [c.id, c]));
    scenarios.value = scenarios.value.map((s) => {
      const next = byId.get(s.id);
      return next && (next.status !== s.status || next.modified !== s.modified) ? { ...s, status: next.status, modified: next.modified } : s;
    });
  }
  for (const next of finished) {
    const s = scenarios.value.find((x) => x.id === next.id);
    if (!s) continue;
    const watched = watching.delete(s.id);
    if (watched || s.id === scenarioId.value) {
      if (s.status === 9) notify(t('scenarioCalculated', { name: s.name }), 'success');
      else notify(t('scenarioFailed', { name: s.name, error: await processingError(s.name) }), 'error');
    }
  }
}

/**
 * Reads the shown scenario again after a change or a calculation's end. The
 * selected location's detail (one small read) is awaited, so the caller sets
 * the status together with it: the chip and the drawer's figure change in one
 * step. The locations of the map (every store of the scenario, the larger
 * read) follow as soon as they arrive; a caller that needs them waits with
 * untilLatestLocations.
 */
async function reloadShownScenario(): Promise<void> {
  const sid = scenarioId.value;
  const lid = selectedLocationId.value;
  if (sid === null) return;
  // The detail first: the database answers one statement at a time, and the list is the larger read.
  const detail = lid === null ? null : await detailRead.run((signal) => readLocationDetail(sid, lid, signal));
  // Another scenario was shown meanwhile: its own load reads its locations.
  if (sid !== scenarioId.value) return;
  const read = readLocations(sid, { endGoneSelection: true });
  if (lid !== null && detail && detail !== STALE && selectedLocationId.value === lid)
    batch(() => {
      locationDetail.value = detail;
      locationDetailLoading.value = false;
    });
  // No detail (nothing selected, or gone from the scenario): the list decides, and ends a selection that went.
  else await untilLatestLocations(read);
}

// --- Live updates -----------------------------------------------------------

/** Pending stream events, applied one batch at a time (a burst of steps costs one update). */
let pendingEvents: ScenarioEvent[] = [];
let applying: Promise<void> | null = null;
/** Holds of this tab's own writes that are reloading what they changed (see holdEvents). */
let holds = 0;

/**
 * Called before a write of this tab; the returned release after the reload
 * that follows it (calling it again does nothing). Meanwhile the stream's
 * events wait: the event of the write itself (its new content stamp) then
 * finds the stamp already read and does not read the same scenario again. A
 * change of another user in the meantime has a stamp of its own and is
 * applied right after the release.
 */
export function holdEvents(): () => void {
  holds++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holds--;
    if (!holds && pendingEvents.length) void applyEvents();
  };
}

function applyEvents(): Promise<void> {
  if (holds) return Promise.resolve();
  applying ??= (async () => {
    try {
      while (pendingEvents.length && !holds) {
        const events = pendingEvents;
        pendingEvents = [];
        const mid = modelId.value;
        const mine = events.filter((e) => e.modelId === mid);
        if (!mine.length) continue;
        // The last state of each scenario wins.
        const latest = new Map(mine.map((e) => [e.scenarioId, e]));
        // The list is read again when it does not hold what the events say: a scenario unknown here, or one removed.
        const listChanged = [...latest.values()].some((e) => (e.kind === 'removed') === scenarios.value.some((s) => s.id === e.scenarioId));
        await applyStatuses(
          [...latest.values()].filter((e) => e.kind === 'changed').map((e) => ({ id: e.scenarioId, status: e.status, modified: e.modified })),
          listChanged,
        ).catch(() => undefined);
      }
    } finally {
      applying = null;
    }
  })();
  return applying;
}

/** Opens the event stream of this app; the status poll runs only while it is not open. */
export function startLiveUpdates(options: StreamOptions = {}): () => void {
  return startEventStream(
    api,
    {
      onScenario(event) {
        pendingEvents.push(event);
        void applyEvents();
      },
      onResync() {
        // Opened without the events missed meanwhile: one read of the statuses catches up.
        void pollStatuses().catch(() => undefined);
      },
    },
    options,
  );
}

async function processingError(name: string): Promise<string> {
  const mid = modelId.value;
  if (mid === null) return '';
  const log = await api.call('processingLog', { params: { modelId: mid }, expected: () => true }).catch(() => []);
  const entry = log.find((e) => e.scenarioName === name && e.error);
  return entry?.error ?? '';
}

// --- Address sync --------------------------------------------------------

let applyingAddress = false;

/** Writes the address on every change: pushState for selections, replaceState for the view. */
export function startAddressSync(): () => void {
  let lastKey = '';
  const stopEffect = effect(() => {
    const state = { mid: modelId.value, smid: submodelId.value, sid: scenarioId.value, lid: selectedLocationId.value, view: view.value };
    if (state.mid === null || location.pathname !== '/') return;
    const search = formatAddress(state);
    if (search === location.search) return;
    const key = selectionKey(state);
    if (lastKey && key !== lastKey && !applyingAddress) history.pushState(null, '', search);
    else history.replaceState(null, '', search);
    lastKey = key;
  });
  const onPop = () => void applyAddress(parseAddress(location.search));
  addEventListener('popstate', onPop);
  return () => {
    stopEffect();
    removeEventListener('popstate', onPop);
  };
}

/** Back and Forward: the address's model, sub-model, scenario, location and view. */
export async function applyAddress(address: Address): Promise<void> {
  applyingAddress = true;
  try {
    if (hasView(address)) requestFit({ kind: 'view', view: { ...view.value, ...address.view } });
    if (address.mid !== null && address.mid !== modelId.value && models.value.some((m) => m.id === address.mid)) {
      await selectModel(address.mid, address);
      return;
    }
    if (address.smid !== null) selectSubmodel(address.smid);
    if (address.sid !== null && address.sid !== scenarioId.value) await selectScenario(address.sid);
    if (address.lid !== selectedLocationId.value) await selectLocation(address.lid, { frame: !hasView(address) });
  } finally {
    applyingAddress = false;
  }
}

export { model, scenario };
