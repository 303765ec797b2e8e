/**
 * Reads a CSV file back the way a spreadsheet would (RFC 4180: quoted fields, doubled quotes,
 * line breaks inside quotes, CRLF records), so export tests check what an admin will open.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) throw new Error('the CSV does not end with CRLF');
  return records;
}

/** A CSV download as bytes: whether it starts with the UTF-8 byte-order mark, and its records. */
export async function downloadCsv(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const bom = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
  return { res, bom, records: res.status === 200 ? parseCsv(bytes.toString('utf8', bom ? 3 : 0)) : [] };
}
