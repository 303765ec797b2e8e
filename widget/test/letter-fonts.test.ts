import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ACCEPT_ENCODING, decodedBody, rawRequest } from '../../api/test/raw-http';
import { useServerProcess } from '../../api/test/reliability/server-process';
import { fontsFor } from '../src/letter-pdf/coverage';
import { printedCodePoints } from '../src/letter-pdf/shaping';
import { needsEmbeddedFonts, printableText } from '../src/pdf';

/**
 * What a supporter's browser downloads to print a letter the standard fonts cannot: the fonts'
 * list (a chunk) and the font files its characters are in, counted as issue 9 counts the widget:
 * asked from the real server with Chromium's Accept-Encoding, nothing decoded. The build writes
 * dist/letter-fonts.json (not served) naming each font's file and the characters it has.
 */
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const reportFile = path.join(dist, 'letter-fonts.json');

interface BuiltFont {
  id: string;
  cjk: boolean;
  ranges: number[];
  file: string;
}

const CASES: { name: string; text: string; budget: number }[] = [
  { name: 'Polish and Vietnamese name', text: 'Sincerely,\nŁukasz Wójcik-Nguyễn', budget: 30_000 },
  { name: 'Greek name', text: 'Sincerely,\nΓιώργος Παπαδόπουλος', budget: 25_000 },
  { name: 'Russian name', text: 'Sincerely,\nЕкатерина Смирнова', budget: 25_000 },
  { name: 'Hebrew name', text: 'Sincerely,\nנועה לוי', budget: 25_000 },
  { name: 'Arabic name', text: 'Sincerely,\nليلى عبد الله', budget: 40_000 },
  {
    name: 'Arabic letter',
    text: 'إلى أعضاء مجلس المدينة،\nأكتب إليكم دعماً لإنشاء ممرات آمنة للدراجات في شارع ريفرسايد، حيث أصيب أحد عشر شخصاً في السنوات الثلاث الماضية.\nمع خالص التحية،\nليلى عبد الله',
    budget: 40_000,
  },
  { name: 'Chinese name', text: 'Sincerely,\n王小明', budget: 100_000 },
  {
    name: 'Chinese letter',
    text: '尊敬的市议会各位议员：\n我是春田市的一名家长，写信支持在河滨大道修建受保护的自行车道。过去三年里，这条走廊上有十一人受重伤，而我的孩子每天上学都要穿过这条路。受保护的自行车道能把骑车的人与车流隔开，让孩子、老人和上班族都能安全出行。其他城市修建之后，附近商店的销售额也有所上升。\n请在下次会议上投票支持这个项目。\n此致\n敬礼\n王小明\n河滨大道1234号\n春田市，伊利诺伊州 62704',
    budget: 450_000,
  },
];

describe('letter fonts as a browser downloads them', () => {
  if (!fs.existsSync(reportFile)) {
    it.fails('needs a build: run `npm run build -w widget` (npm test builds first)', () => {});
    return;
  }
  const server = useServerProcess();
  const fonts = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as BuiltFont[];
  const assets = fs.readdirSync(path.join(dist, 'assets'));
  /** The chunk listing the fonts of `group`; a font's id names the chunk that lists it. */
  const listChunk = (cjk: boolean) => assets.find((f) => f.endsWith('.js') && fs.readFileSync(path.join(dist, 'assets', f), 'utf8').includes(cjk ? '`NotoSansSC-' : '`NotoSans-Latin`'))!;

  async function download(file: string) {
    const reply = await rawRequest(`${server.url}/${file}`, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
    expect(reply.status, file).toBe(200);
    return reply;
  }

  it('serves every font compressed, cacheable for a year and readable from any host page', async () => {
    for (const font of fonts) {
      const reply = await download(font.file);
      expect(reply.headers['content-type'], font.file).toBe('font/ttf');
      expect(reply.headers['content-encoding'], font.file).toBe('br');
      expect(reply.headers['access-control-allow-origin']).toBe('*');
      expect(reply.headers['cache-control']).toContain('immutable');
      // A TrueType file, what jsPDF embeds: version 1.0 in its first four bytes.
      expect(decodedBody(reply).subarray(0, 4).toString('hex'), font.file).toBe('00010000');
      // Each file a reasonable download on its own.
      expect(reply.body.length, font.file).toBeLessThan(60_000);
    }
  });

  it('downloads only the files a letter needs, within budget for each script', async () => {
    const sizes: string[] = [];
    for (const { name, text, budget } of CASES) {
      expect(needsEmbeddedFonts(text), name).toBe(true);
      const codePoints = printedCodePoints(printableText(text));
      const needed = fontsFor(codePoints, fonts);
      const cjk = needed.some((f) => f.cjk);
      const files = [`assets/${listChunk(false)}`, ...(cjk ? [`assets/${listChunk(true)}`] : []), ...needed.map((f) => f.file)];
      let bytes = 0;
      for (const file of files) bytes += (await download(file)).body.length;
      sizes.push(`${name}: ${bytes.toLocaleString('en-US')} bytes in ${files.length} files (${needed.map((f) => f.id).join(', ')})`);
      expect(bytes, name).toBeLessThanOrEqual(budget);
      // Never a file whose characters the letter does not use.
      for (const font of needed) expect([...codePoints].some((cp) => fontsFor([cp], fonts)[0] === font), font.id).toBe(true);
    }
    console.log(`Letter fonts downloaded (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}):\n${sizes.join('\n')}`);
  });
});
