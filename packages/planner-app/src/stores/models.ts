// The models the user may use, the chosen model and sub-model.
import type { Model, Submodel } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';

export const models = signal<Model[]>([]);
export const modelsLoaded = signal(false);
export const modelId = signal<number | null>(null);
export const model = computed(() => models.value.find((m) => m.id === modelId.value) ?? null);

export const submodels = signal<Submodel[]>([]);
export const submodelId = signal<number | null>(null);
export const submodel = computed(() => submodels.value.find((s) => s.id === submodelId.value) ?? null);
/** The first sub-model is the model's default one. */
export const isDefaultSubmodel = computed(() => submodels.value.length === 0 || submodels.value[0]?.id === submodelId.value);

/** A model id asked for in the address that the user may not open. */
export const deniedModelId = signal<number | null>(null);

export const isModelAdmin = computed(() => !!model.value?.userIsAdmin || !!model.value?.userIsGlobalAdmin);
export const isGlobalAdmin = computed(() => models.value.some((m) => m.userIsGlobalAdmin));
