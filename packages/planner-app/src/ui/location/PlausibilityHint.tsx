// The plausibility warning beside a number of the location dialog, as it is
// typed: a changed value inside its range but unusual for comparable
// locations (stores/plausibility.ts) says so under the field. It stops
// nothing; Save and Save and calculate ask once more before saving.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { changedNumbers, type LocationDraft } from '../../stores/editing/location-dialog';
import type { EditableProperty } from '../../stores/editing/properties';
import { model } from '../../stores/models';
import { implausibleText, isImplausible, sampleKey, usualRange } from '../../stores/plausibility';
import { scenario } from '../../stores/scenarios';
import { useAppModel } from '../app-model';

export function PlausibilityHint({ property, draft }: { property: EditableProperty; draft: LocationDraft }) {
  useSignals();
  const { comparableSamples, loadComparableSample } = useAppModel().plausibility;
  const s = scenario.value;
  const candidate = changedNumbers(draft).find((c) => c.id === property.id) ?? null;
  const key = candidate && s ? sampleKey(s.id, s.modified, property.id, draft.locationGroupId, draft.locationId) : null;
  useEffect(() => {
    if (key && s) void loadComparableSample(key, s.id, property.id, draft.locationGroupId, draft.locationId);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key holds every input of the read
  const sample = key ? comparableSamples.value[key] : undefined;
  if (!candidate || !sample) return null;
  const usual = usualRange(sample);
  if (!usual || !isImplausible(candidate.value, usual)) return null;
  return (
    <span className="field-warning" role="status">
      {implausibleText(candidate, usual, model.value?.currency ?? 'EUR')}
    </span>
  );
}
