// An ApiClient for store tests: answers per route name from a table and
// records every call in order. The stores take any ApiClient, so tests run
// them on plain data without a server.
import type { ApiClient, CallOptions, RouteName } from '@locus/contract/client';

export type Answer = (options: CallOptions<RouteName>) => unknown;

export function fakeApi(answers: Partial<Record<RouteName, Answer>>) {
  const calls: { name: RouteName; options: CallOptions<RouteName> }[] = [];
  const api: ApiClient = {
    async call(name, options = {}) {
      calls.push({ name, options: options as CallOptions<RouteName> });
      const answer = answers[name];
      if (!answer) throw new Error(`no fake answer for ${name}`);
      return (await answer(options as CallOptions<RouteName>)) as never;
    },
    async blob(name, options = {}) {
      calls.push({ name, options: options as CallOptions<RouteName> });
      return new Blob([]);
    },
    url: (name) => `/fake/${name}`,
    authHeaders: async () => ({}),
  };
  return { api, calls, names: () => calls.map((c) => c.name) };
}
