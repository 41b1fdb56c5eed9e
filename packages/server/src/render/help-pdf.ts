// The help PDF per interface locale (GET /api/help/{locale}):
// the short user guide of docs/user-guide/<locale>.md set with pdfkit on A4.
// The Markdown subset: '#' title, '##' headings, paragraphs, '- ' bullets,
// **bold**, and a '<!-- revised: YYYY-MM-DD -->' line that dates the guide.
// A locale without its own guide gets the English one, and the PDF's
// metadata says so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { Locales } from '@locus/contract/constants';

export type HelpLocale = (typeof Locales)[number];

const FALLBACK_LOCALE: HelpLocale = 'en';
const PRODUCT = 'Locus';

export interface HelpPdfOptions {
  /** false writes plain-text content streams (tests read them). */
  compress?: boolean;
  /** Folder of the <locale>.md guides; found next to the server by default. */
  guideDir?: string;
  /** TrueType fonts (e.g. DejaVu Sans) instead of the built-in Helvetica, for text beyond Latin-1. */
  fonts?: { regular: string; bold: string };
}

/** A run of text, bold or not, inside a paragraph, bullet or heading. */
export interface TextRun {
  text: string;
  bold: boolean;
}

export interface GuideBlock {
  kind: 'heading' | 'paragraph' | 'bullet';
  runs: TextRun[];
}

export interface Guide {
  title: string;
  /** From the revised line; fixes the PDF's dates so the same guide gives the same file (the epoch when absent). */
  revised: Date | null;
  blocks: GuideBlock[];
}

/**
 * The folder of the guides: next to the bundle (the build copies them to
 * dist/user-guide), else in the repository's docs/user-guide when running
 * from source (this file is packages/server/src/render/help-pdf.ts).
 */
export function userGuideDir(): string {
  for (const relative of ['./user-guide/', '../../../../docs/user-guide/']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('the user guide folder (docs/user-guide, or user-guide next to the bundle) was not found');
}

/** The guide's Markdown for the locale, or the English one when the locale has none. */
export function guideSource(locale: HelpLocale, dir = userGuideDir()): { locale: HelpLocale; requested: HelpLocale; text: string } {
  for (const candidate of [locale, FALLBACK_LOCALE]) {
    const file = join(dir, `${candidate}.md`);
    if (existsSync(file)) return { locale: candidate, requested: locale, text: readFileSync(file, 'utf8') };
  }
  throw new Error(`no user guide for '${locale}' nor '${FALLBACK_LOCALE}' in ${dir}`);
}

const REVISED = /^<!--\s*revised:\s*(\d{4}-\d{2}-\d{2})\s*-->$/;

export function parseGuide(markdown: string): Guide {
  let title = PRODUCT;
  let revised: Date | null = null;
  const blocks: GuideBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', runs: parseRuns(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const date = REVISED.exec(line);
    if (date) {
      revised = new Date(`${date[1]}T00:00:00Z`);
      continue;
    }
    if (!line || line.startsWith('<!--')) {
      flush();
      continue;
    }
    if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'heading', runs: parseRuns(line.slice(3)) });
    } else if (line.startsWith('# ')) {
      flush();
      title = line.slice(2).trim();
    } else if (line.startsWith('- ')) {
      flush();
      blocks.push({ kind: 'bullet', runs: parseRuns(line.slice(2)) });
    } else if (blocks.at(-1)?.kind === 'bullet' && paragraph.length === 0 && /^\s{2,}/.test(raw)) {
      // An indented line continues the bullet above it.
      blocks.at(-1)!.runs.push(...parseRuns(' ' + line));
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return { title, revised, blocks };
}

/** Splits **bold** spans; an unmatched ** stays as written. */
export function parseRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), bold: false });
    runs.push({ text: match[1], bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), bold: false });
  return runs;
}

const MARGIN = { top: 70, bottom: 70, left: 72, right: 72 };
const COLORS = { title: '#0f4c81', heading: '#0f4c81', text: '#1f2937', muted: '#6b7280', rule: '#c7d2de' };

/** The guide as a PDF; async throughout, so a missing guide is a rejected promise, never a synchronous throw. */
export async function helpPdf(locale: HelpLocale, options: HelpPdfOptions = {}): Promise<Buffer> {
  if (!(Locales as readonly string[]).includes(locale)) {
    throw new RangeError(`help locale must be one of ${Locales.join(', ')}, got '${locale}'`);
  }
  const source = guideSource(locale, options.guideDir ?? userGuideDir());
  const guide = parseGuide(source.text);
  const fellBack = source.locale !== source.requested;
  // pdfkit always writes a creation date; without a revised line it is the epoch rather than the time of the request.
  const date = guide.revised ?? new Date(0);

  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: source.locale,
    displayTitle: true,
    info: {
      Title: guide.title,
      Author: PRODUCT,
      Creator: PRODUCT,
      Subject: fellBack
        ? `${PRODUCT} user guide in '${source.locale}': no guide exists for the requested locale '${source.requested}'`
        : `${PRODUCT} user guide (${source.locale})`,
      Keywords: `locale=${source.locale} requested=${source.requested}`,
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const regular = options.fonts ? 'guide-regular' : 'Helvetica';
  const bold = options.fonts ? 'guide-bold' : 'Helvetica-Bold';
  if (options.fonts) {
    doc.registerFont(regular, options.fonts.regular);
    doc.registerFont(bold, options.fonts.bold);
  }
  const left = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = () => doc.page.height - MARGIN.bottom;

  const writeRuns = (runs: TextRun[], x: number, y: number | undefined, w: number, size: number, color: string, baseBold = false) => {
    doc.fontSize(size).fillColor(color);
    runs.forEach((run, i) => {
      doc.font(run.bold || baseBold ? bold : regular);
      const settings = { width: w, lineGap: 2, continued: i < runs.length - 1 };
      if (i === 0 && y !== undefined) doc.text(run.text, x, y, settings);
      else if (i === 0) doc.text(run.text, x, doc.y, settings);
      else doc.text(run.text, settings);
    });
  };

  // Title block.
  doc.font(bold).fontSize(24).fillColor(COLORS.title).text(guide.title, left, MARGIN.top, { width });
  doc.moveDown(0.2);
  doc
    .font(regular)
    .fontSize(10)
    .fillColor(COLORS.muted)
    .text(guide.revised ? `${PRODUCT} · ${guide.revised.toISOString().slice(0, 10)}` : PRODUCT, { width });
  doc.moveDown(0.4);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(1)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.moveDown(0.8);

  guide.blocks.forEach((block, index) => {
    switch (block.kind) {
      case 'heading': {
        // Keep a heading with at least a few lines of what follows it.
        if (doc.y > bottom() - 90) doc.addPage();
        else if (index > 0) doc.moveDown(0.6);
        const text = block.runs.map((r) => r.text).join('');
        doc.outline.addItem(text);
        writeRuns(block.runs, left, doc.y, width, 14, COLORS.heading, true);
        doc.moveDown(0.35);
        break;
      }
      case 'paragraph':
        writeRuns(block.runs, left, doc.y, width, 10, COLORS.text);
        doc.moveDown(0.55);
        break;
      case 'bullet': {
        if (doc.y > bottom() - 28) doc.addPage();
        const y = doc.y;
        doc
          .font(regular)
          .fontSize(10)
          .fillColor(COLORS.text)
          .text('•', left + 4, y, { lineBreak: false });
        writeRuns(block.runs, left + 16, y, width - 16, 10, COLORS.text);
        doc.moveDown(0.25);
        if (guide.blocks[index + 1]?.kind !== 'bullet') doc.moveDown(0.3);
        break;
      }
    }
    doc.x = left;
  });

  // Footers once the page count is known; the bottom margin is lifted so the footer does not open a new page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const page = doc.page;
    const saved = page.margins.bottom;
    page.margins.bottom = 0;
    doc.font(regular).fontSize(8.5).fillColor(COLORS.muted);
    doc.text(`${PRODUCT} · ${guide.title}`, left, page.height - 44, { width: width / 2, align: 'left', lineBreak: false });
    doc.text(`${i + 1} / ${range.count}`, left + width / 2, page.height - 44, { width: width / 2, align: 'right', lineBreak: false });
    page.margins.bottom = saved;
  }
  doc.end();
  return await done;
}
