// The help PDF per interface locale: a short user guide rendered once per
// locale and kept in memory.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { sendCached } from '../http/cached.js';
import { helpPdf } from '../render/index.js';

export function helpHandlers(_ctx: ServerContext) {
  const pdfs = new Map<string, Promise<Buffer>>();
  return {
    help: async ({ params, request, reply }) => {
      const locale = params.locale as 'nl' | 'en' | 'de' | 'es' | 'fr';
      const pdf = pdfs.get(locale) ?? helpPdf(locale);
      if (!pdfs.has(locale)) {
        pdfs.set(locale, pdf);
        pdf.catch(() => pdfs.delete(locale));
      }
      reply.header('Content-Disposition', `inline; filename="locus-help-${locale}.pdf"`);
      return sendCached(request, reply, { contentType: 'application/pdf', body: await pdf, maxAge: 3600 });
    },
  } satisfies Partial<RouteHandlers>;
}
