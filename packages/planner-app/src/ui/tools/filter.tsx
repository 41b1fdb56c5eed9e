// The location filter: by name, group, cluster and change; the
// map draws only the matching locations and selects the single match.
import { useSignals } from '@preact/signals-react/runtime';
import { Filter } from 'lucide-react';
import { language, t, type TextKey } from '../../i18n';
import { filter, filterActive, locations } from '../../stores/locations';
import { model } from '../../stores/models';
import {
  clearFilter,
  clusterOptions,
  FILTER_CHANGE_TYPES,
  filterableCount,
  matchingCount,
  setFilterName,
  setFilterValue,
  type FilterList,
} from '../../stores/tools';
import { IconButton } from '../common';
import { ToolPanel, usePopoverOpen } from './panel';

export const FILTER_PANEL_ID = 'tool-filter';

const CHANGE_TEXT: Record<number, TextKey> = { 0: 'filterUnchanged', 1: 'filterAdded', 2: 'filterClosed', 3: 'filterEdited' };

function Choices({ legend, list, options }: { legend: string; list: FilterList; options: { id: number; name: string }[] }) {
  useSignals();
  const chosen = filter.value[list];
  if (options.length === 0) return null;
  return (
    <fieldset className="tool-fieldset">
      <legend>{legend}</legend>
      <div className={`tool-choices ${options.length > 8 ? 'scroll' : ''}`}>
        {options.map((o) => (
          <label key={o.id} className="tool-check">
            <input type="checkbox" checked={chosen.includes(o.id)} onChange={(e) => setFilterValue(list, o.id, e.currentTarget.checked)} />
            <span>{o.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FilterPanel() {
  useSignals();
  const m = model.value;
  const f = filter.value;
  const groups = (m?.locationGroups ?? []).map((g) => ({ id: g.id, name: g.name }));
  const clusters = clusterOptions(locations.value, language.value);
  const changes = FILTER_CHANGE_TYPES.map((c) => ({ id: c, name: t(CHANGE_TEXT[c]!) }));
  return (
    <ToolPanel
      id={FILTER_PANEL_ID}
      title={t('filterTitle')}
      className="filter-panel"
      footer={
        <>
          <span role="status" className="tool-count">
            {t('filterCount', { count: matchingCount.value, total: filterableCount.value })}
          </span>
          <button type="button" className="button" onClick={clearFilter} disabled={!filterActive.value}>
            {t('filterClear')}
          </button>
        </>
      }
    >
      <label className="tool-field">
        <span>{t('filterName')}</span>
        <input type="search" value={f.name} onChange={(e) => setFilterName(e.currentTarget.value)} autoComplete="off" />
      </label>
      <Choices legend={t('filterGroup')} list="groupIds" options={groups} />
      <Choices legend={t('filterCluster')} list="clusterIds" options={clusters} />
      <Choices legend={t('filterChange')} list="changeTypes" options={changes} />
    </ToolPanel>
  );
}

/** The toolbar's Filter button with its panel; the button is marked while a filter is on. */
export function FilterTool() {
  useSignals();
  const open = usePopoverOpen(FILTER_PANEL_ID, (panel) => panel.querySelector<HTMLInputElement>('input[type="search"]')?.focus());
  return (
    <>
      <IconButton
        label={t('filterButton')}
        icon={<Filter size={20} aria-hidden="true" />}
        popoverTarget={FILTER_PANEL_ID}
        expanded={open}
        className={filterActive.value ? 'tool-active' : undefined}
      />
      <FilterPanel />
    </>
  );
}
