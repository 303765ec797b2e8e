import { describe, expect, it } from 'vitest';
import { bundlePdfWorker } from './pdf-worker-bundle';

describe("the PDF worker's bundle", () => {
  it('holds the packet, privacy and the contract files it uses, and leaves zod, the database and the HTTP stack out', async () => {
    const { inputs, packages } = await bundlePdfWorker();
    expect(inputs).toContain('src/packet/pdf-worker.ts');
    expect(inputs).toContain('src/privacy/for-publication.ts');
    expect(inputs).not.toContain('src/contract/index.ts');
    expect(inputs.filter((f) => /^src\/(db|routes|commands|services)\//.test(f) && !f.endsWith('/types.ts'))).toEqual([]);
    expect(packages).toEqual(['@date-fns/tz', 'bidi-js', 'fontkit', 'libphonenumber-js', 'linebreak', 'pdfkit']);
  });
});
