// The compiler's check that the implementation keeps the package's public
// types (types/index.d.ts and types/react.d.ts, copied into the package as
// dist/index.d.ts and dist/react.d.ts): each export the declarations name
// exists in the script with a type assignable to the declared one. Types
// only: nothing of this file is in a bundle.
type Keeps<Actual extends Declared, Declared> = [Actual, Declared];

export type ElementsKeepTheirTypes = Keeps<typeof import('./index'), typeof import('../types/index')>;
export type WrappersKeepTheirTypes = Keeps<typeof import('./react'), typeof import('../types/react')>;
