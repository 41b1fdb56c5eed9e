/**
 * One value per server context, made at its first use (a result reader and its
 * cache, a records cache, the kept scenario locations) and gone with the context.
 */
export function perContext<C extends object, T>(make: (ctx: C) => T): (ctx: C) => T {
  const made = new WeakMap<C, T>();
  return (ctx) => {
    let value = made.get(ctx);
    if (value === undefined) {
      value = make(ctx);
      made.set(ctx, value);
    }
    return value;
  };
}
