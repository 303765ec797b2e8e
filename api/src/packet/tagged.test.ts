/**
 * The packet is posted with the agenda, so it must be accessible (PDF/UA-1, as the ADA's rule for
 * what a council posts asks): tagged, with headings, paragraphs, tables with header cells, page
 * footers as artifacts, each letter in its own language, bookmarks, and every font embedded with a
 * map back to Unicode. Read back by two real readers: poppler (pdfinfo, pdffonts) and pdf.js.
 */
import type { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { addLetters } from '../../test/admin-fixtures';
import { describeEachDatabase } from '../../test/harness';
import { pdfFonts, pdfInfo, pdfMetadata, pdfStructure, words } from '../../test/pdf';
import { everyElement, readWithPdfjs, type PdfjsElement } from '../../test/pdfjs';
import { packetPdf, type PacketScope } from './render';

const T0 = Date.UTC(2025, 0, 6, 17, 0);
const minutes = (m: number) => new Date(T0 + m * 60_000);

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const TITLE = 'Salvemos el Parque & <Sendero> Ribereño';
/** Longer than a page: it must run on to the next one as one paragraph. */
const LONG = Array.from({ length: 70 }, (_, i) => `Esta es la frase ${i + 1} de un párrafo largo sobre el sendero del río.`).join(' ');
/** Each letter's paragraphs as written; printed, it is signed with its writer's place too (privacy/for-publication.ts). */
const LETTERS = [
  // Personal: printed in full, and its own words quoted first.
  { name: 'Ana María Núñez', paragraphs: ['Estimado Concejo:', 'Por favor, protejan el parque para nuestras familias.', 'Atentamente,', 'Ana María Núñez'], personal: true, own: 'Por favor, protejan el parque para nuestras familias.' },
  // Stored before Dais kept own words apart: printed in full.
  { name: 'Grace Hopper', paragraphs: ['Estimado Concejo:', 'Escribo sobre el sendero.', LONG, 'Gracias por leer.', 'Atentamente,', 'Grace Hopper'], personal: false, own: null },
  // The text Dais suggested, word for word: named by its points, not printed again.
  { name: 'Lucía Fernández', paragraphs: ['Estimado Concejo:', 'Llego tarde, pero el parque importa.', 'Lucía Fernández'], personal: false, own: '' },
];

describeEachDatabase('the packet as a tagged PDF (PDF/UA-1)', (t) => {
  // One packet, read by each test.
  let packet: Promise<Uint8Array> | undefined;
  const spanishPacket = () => (packet ??= drawSpanishPacket());
  async function drawSpanishPacket(): Promise<Uint8Array> {
    const campaign = await t.campaign({ title: TITLE, language: 'es', decision_body: 'Concejo Municipal de Springfield', agenda_item_number: '7B' });
    const point = await t.db.ds.getRepository(t.db.entities.MessagePoint).save({ category: 'Parques', talking_points: 'El parque es de todos.', campaign_id: campaign.id });
    await addLetters(t, campaign, LETTERS.length, (i) => ({
      supporter_name: LETTERS[i]!.name,
      // Blank lines between paragraphs, as letters are written; the signature's lines are one each.
      letter_content: LETTERS[i]!.paragraphs.slice(0, -2).join('\n\n') + `\n\n${LETTERS[i]!.paragraphs.slice(-2).join('\n')}`,
      perspective: 'parent',
      message_point_ids: [point.id],
      personal: LETTERS[i]!.personal,
      own_words: LETTERS[i]!.own,
      created_at: minutes(i * 10),
    }));
    // The third letter came after the deadline.
    const scope: PacketScope = { campaignId: campaign.id, since: null, until: minutes(60).toISOString(), lateAfter: minutes(15).toISOString() };
    return bytesOf(packetPdf(t.db, scope, { lane: 'mail' }));
  }

  it('is tagged PDF/UA-1 with its title shown, and every font embedded with a Unicode map (poppler)', async () => {
    const pdf = await spanishPacket();
    const info = pdfInfo(pdf);
    expect(info.Tagged).toBe('yes');
    expect(info['PDF version']).toBe('1.7');
    expect(info.Title).toBe(`Public comment letters: ${TITLE}`);
    // The PDF/UA identifier, and the title as XML text (a bare '&' would make the metadata unreadable).
    const xmp = pdfMetadata(pdf);
    expect(xmp).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
    expect(xmp).toContain('Public comment letters: Salvemos el Parque &amp; &lt;Sendero&gt; Ribereño');
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true, subset: true, unicode: true });
    // Memory stays flat (pdf-document.ts): each page's entry in the structure's parent tree was
    // written out with its page, so the tree names them by reference, one a page.
    const nums = /\/ParentTree <<[^]*?\/Nums \[([^\]]*)\]/.exec(Buffer.from(pdf).toString('latin1'))![1]!.trim().split(/\s+/);
    const entries = Array.from({ length: nums.length / 4 }, (_, i) => nums.slice(i * 4, i * 4 + 4).join(' '));
    expect(entries).toHaveLength(Number(info.Pages));
    for (const entry of entries) expect(entry).toMatch(/^\d+ \d+ 0 R$/);
  });

  it('reads as headings and paragraphs in order: H1 the title, H2 each section, H3 each letter, a P for each paragraph, even across pages (poppler)', async () => {
    const structure = pdfStructure(await spanishPacket());
    expect(structure[0]!.role).toBe('Document');
    const headings = structure.filter((e) => /^H\d$/.test(e.role)).map((e) => `${e.role} ${e.text}`);
    expect(headings).toEqual([
      `H1 ${TITLE}`,
      'H2 How these figures were counted',
      'H2 Letters by city',
      'H2 In their own words',
      'H2 Talking points these letters share',
      'H2 The letters',
      'H3 Letter 1 of 3: Ana María Núñez',
      'H3 Letter 2 of 3: Grace Hopper',
      'H3 Letter 3 of 3: Lucía Fernández',
      'H2 Checking these letters',
    ]);
    // Each letter: its heading, its facts, the points it carries, then its text, a paragraph per
    // paragraph (the long one runs over three pages and none is lost or split), or for a letter of
    // the suggested text only, a sentence that says so.
    const letters = structure.reduce<string[][]>((all, e) => {
      if (e.role === 'H3') all.push([]);
      else if (e.role === 'H2') all.push([]);
      else if (all.length > 0 && e.role === 'P') all.at(-1)!.push(e.text);
      return all;
    }, []).slice(-4, -1);
    const text = (l: (typeof LETTERS)[number]) => [...l.paragraphs, 'Springfield, IL'];
    LETTERS.forEach((letter, i) => {
      const [where, submitted, ...rest] = letters[i]!;
      expect(where).toBe('Springfield, IL · Parent');
      expect(submitted).toMatch(/^Submitted Jan 6, 2025, \d+:\d\d PM UTC · Letter ID \d+$/);
      const late = i === 2 ? [expect.stringMatching(/^LATE: submitted after the written-comment deadline, Jan 6, 2025, 5:15 PM UTC$/)] : [];
      const points = 'Talking points: number 1 (printed once, under "Talking points these letters share").';
      const body = letter.own === '' ? [expect.stringMatching(/^No words of the writer's own: the text Dais suggested/)] : text(letter);
      expect(rest).toEqual([...late, points, ...body]);
    });
    // The quote of the personal letter's own words, with its writer's first name and initial.
    const quoted = structure.findIndex((e) => e.role === 'H2' && e.text === 'In their own words');
    expect(structure.slice(quoted + 1, quoted + 4).map((e) => `${e.role} ${e.text}`)).toEqual([
      // A quote holds its paragraphs; its own content is none.
      'BlockQuote ',
      'P Por favor, protejan el parque para nuestras familias.',
      'P — Ana N., Springfield, IL · letter 1',
    ]);
    // Every page's footer is an artifact: not in the structure.
    expect(structure.some((e) => / - page \d+$/.test(e.text))).toBe(false);
  });

  it('reads the same in pdf.js: every text tagged or an artifact, tables with header cells, each letter in Spanish, and a bookmark for the cover and each letter', async () => {
    const pdf = await spanishPacket();
    const read = await readWithPdfjs(pdf);
    expect(read.marked).toBe(true);
    expect(read.metadata?.get('dc:title')).toBe(`Public comment letters: ${TITLE}`);
    expect(read.metadata?.get('pdfuaid:part')).toBe('1');
    expect(read.untagged).toEqual(read.pages.map(() => []));
    read.artifacts.forEach((texts, i) => expect(words(texts.join(' ')), `page ${i + 1}`).toMatch(new RegExp(` - page ${i + 1}$`)));

    const [cover, voices, ...rest] = read.pages;
    const coverElements = [...everyElement(cover!)];
    expect(coverElements.find((e) => e.role === 'H1')).toMatchObject({ text: TITLE, lang: 'es' });
    // A labelled field: the label heads its row.
    const fields = coverElements.find((e) => e.role === 'Table')!;
    expect(fields.children.map((tr) => tr.children.map(cell))).toContainEqual(['TH Decision body', 'TD Concejo Municipal de Springfield']);
    // A tally: column headers, then a row headed by its label.
    const byCity = coverElements.filter((e) => e.role === 'Table').find((e) => e.children[0]!.text.startsWith('City'))!;
    expect(byCity.children.map((tr) => tr.children.map(cell))).toEqual([
      ['TH City', 'TH Letters', 'TH Share'],
      ['TH Springfield, IL', 'TD 3', 'TD 100%'],
    ]);
    // The shared talking point, once, in the organiser's language, with the letters that carry it.
    const points = [...everyElement(voices!)].filter((e) => e.role === 'Table').find((e) => e.children[0]!.text.startsWith('No.'))!;
    expect(points.children[1]!.children.map(cell)).toEqual(['TH 1', 'TD Parques: El parque es de todos.', 'TD 3', 'TD 100%']);
    expect(points.children[1]!.children[1]).toMatchObject({ lang: 'es' });
    // The quote is in the letters' language.
    expect([...everyElement(voices!)].find((e) => e.role === 'BlockQuote')).toMatchObject({ lang: 'es' });

    // Each letter's text is marked Spanish; the packet's own words around it are not.
    const first = [...everyElement(rest[0]!)];
    expect(first.find((e) => e.role === 'H3')).toMatchObject({ text: 'Letter 1 of 3: Ana María Núñez' });
    expect(first.find((e) => e.role === 'H3')!.lang).toBeUndefined();
    const body = first.find((e) => e.role === 'Div' && e.lang === 'es')!;
    expect(body.children.map((p) => `${p.role} ${p.text}`)).toEqual([...LETTERS[0]!.paragraphs, 'Springfield, IL'].map((p) => `P ${p}`));
    // The long letter's next page opens with the rest of a paragraph begun before, the same P of
    // the same Div.
    const carried = [...everyElement(rest[1]!)].find((e) => e.role === 'Div')!;
    expect(carried.lang).toBe('es');
    const continued = carried.children[0]!;
    expect(continued.role).toBe('P');
    expect(LONG.endsWith(continued.text) && continued.text.length < LONG.length).toBe(true);
    // The appendix: each letter's number, id, time and digest, under a header row.
    const marks = [...everyElement(rest.at(-1)!)].filter((e) => e.role === 'Table').at(-1)!;
    expect(marks.children[0]!.children.map(cell)).toEqual(['TH Letter', 'TH ID', 'TH Submitted', 'TH SHA-256 of its text']);
    expect(marks.children.slice(1).map((tr) => tr.children[0]!.text)).toEqual(['1', '2', '3']);

    expect(read.outline).toEqual([
      { title: 'Summary', items: [] },
      { title: 'In their own words', items: [] },
      { title: 'Talking points these letters share', items: [] },
      { title: 'The letters', items: LETTERS.map((l, i) => ({ title: `Letter ${i + 1} of 3: ${l.name}` })) },
      { title: 'Checking these letters', items: [] },
    ]);
  });
});

const cell = (e: PdfjsElement) => `${e.role} ${e.text}`;
