// Model parameters of one sub-model, as the server loads them (the
// spec's model parameters: fractionCutOffThreshold; per mode maximum minutes, scale, constant, power;
// functions with id, description, function, defaultValue, type).

/** Function type 1: location attractiveness factor; type 2: area demand factor. */
export const FUNCTION_TYPE = { attractiveness: 1, demand: 2 } as const;

export interface ModeParameters {
  /** Pairs beyond this many minutes do not interact by this mode. 0 switches the mode off. */
  maximumMinutes: number;
  scale: number;
  constant: number;
  power: number;
}

export interface ModelFunction {
  id?: number | string;
  description?: string;
  /** The expression. */
  function: string;
  /** Used when the expression fails to evaluate or reads a missing property. */
  defaultValue: number;
  /** 1 = attractiveness (over location properties), 2 = demand (over area properties). */
  type: number;
}

export interface ModelParameters {
  fractionCutOffThreshold: number;
  car?: ModeParameters;
  pedestrian?: ModeParameters;
  functions: ModelFunction[];
}

export type DecayParameters = Pick<ModelParameters, 'car' | 'pedestrian'>;

/** A mode takes part when it is given with a positive maximumMinutes. */
export function modeIsOn(mode: ModeParameters | undefined): mode is ModeParameters {
  return !!mode && mode.maximumMinutes > 0;
}
