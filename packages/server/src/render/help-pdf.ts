// The help PDF per interface locale: a short user guide rendered with pdfkit's
// built-in Helvetica from docs/user-guide/<locale>.md (a small Markdown subset:
// '#' title, '##' headings, '- ' bullets, paragraphs). A locale without its own
// guide gets the English one, and the PDF's metadata says so.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

export type HelpLocale = 'nl' | 'en' | 'de' | 'es' | 'fr';

type Block = { kind: 'title' | 'heading' | 'paragraph' | 'bullet'; text: string };

/** The folder of the guides: next to the bundle (dist/user-guide) or in the repository's docs. */
export function userGuideDir(): string {
  for (const relative of ['./user-guide/', '../../../../docs/user-guide/']) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('the user guide (docs/user-guide) is not next to the server');
}

export function guideSource(locale: HelpLocale): { locale: HelpLocale; text: string } {
  const dir = userGuideDir();
  for (const candidate of [locale, 'en'] as const) {
    const file = `${dir}/${candidate}.md`;
    if (existsSync(file)) return { locale: candidate, text: readFileSync(file, 'utf8') };
  }
  throw new Error('no user guide found');
}

export function parseGuide(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim().replace(/\*\*/g, '');
    if (!line) { flush(); continue; }
    if (line.startsWith('## ')) { flush(); blocks.push({ kind: 'heading', text: line.slice(3) }); continue; }
    if (line.startsWith('# ')) { flush(); blocks.push({ kind: 'title', text: line.slice(2) }); continue; }
    if (line.startsWith('- ')) { flush(); blocks.push({ kind: 'bullet', text: line.slice(2) }); continue; }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

export function helpPdf(locale: HelpLocale, options: { compress?: boolean } = {}): Promise<Buffer> {
  const source = guideSource(locale);
  const blocks = parseGuide(source.text);
  const title = blocks.find((b) => b.kind === 'title')?.text ?? 'Locus';
  const doc = new PDFDocument({
    size: 'A4', margins: { top: 64, bottom: 64, left: 64, right: 64 }, bufferPages: true, compress: options.compress ?? true,
    info: {
      Title: title, Author: 'Locus', Subject: source.locale === locale ? `Locus user guide (${locale})` : `Locus user guide (${locale}: shown in English)`,
      CreationDate: new Date('2025-09-03T00:00:00Z'), ModDate: new Date('2025-09-03T00:00:00Z'),
    },
    lang: source.locale,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 128;
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        doc.font('Helvetica-Bold').fontSize(22).fillColor('#0f766e').text(block.text, { width });
        doc.moveDown(0.6);
        break;
      case 'heading':
        if (doc.y > doc.page.height - 160) doc.addPage();
        doc.moveDown(0.5).font('Helvetica-Bold').fontSize(13).fillColor('#111827').text(block.text, { width });
        doc.moveDown(0.25);
        break;
      case 'bullet':
        doc.font('Helvetica').fontSize(10.5).fillColor('#1f2937').text(`•  ${block.text}`, { width: width - 12, indent: 0, align: 'left' });
        doc.moveDown(0.15);
        break;
      default:
        doc.font('Helvetica').fontSize(10.5).fillColor('#1f2937').text(block.text, { width, align: 'left', lineGap: 1.5 });
        doc.moveDown(0.45);
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(8.5).fillColor('#6b7280')
      .text(`Locus · ${i + 1} / ${range.count}`, 64, doc.page.height - 44, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
