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

/**
 * A file as a spreadsheet splits it on `delimiter` when it guesses (or the user's locale says) that
 * separator: Excel in a locale whose list separator is ';' opens a comma-separated file this way. A
 * field is quoted only when it opens with '"' (then '""' is a quote and what follows the closing
 * quote up to the delimiter is kept as is); anywhere else a quote is an ordinary character, so a
 * line break inside what was meant as a quoted cell ends the record.
 */
export function readAsSpreadsheet(text: string, delimiter: ',' | ';' | '\t'): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const endRecord = () => {
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      for (i++; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i];
      }
    }
    while (i < text.length && text[i] !== delimiter && text[i] !== '\r' && text[i] !== '\n') field += text[i++];
    record.push(field);
    if (text[i] === delimiter) i++;
    else {
      if (text[i] === '\r' && text[i + 1] === '\n') i++;
      i++;
      endRecord();
    }
  }
  if (record.length) endRecord();
  return records;
}

/** The cells a spreadsheet would run as a formula: =, +, - or @ first (after any spaces), unless a plain number. */
export function liveCells(records: string[][]): string[] {
  return records.flat().filter((cell) => /^\s*[=+\-@]/.test(cell) && !/^\s*[+-]?\d+(\.\d+)?\s*$/.test(cell));
}

/**
 * The named columns' cells of each letter in a packet CSV's records (after its notice line and
 * header row), so a test reads columns by what they are called rather than where they stand.
 */
export function packetColumns(records: string[][], ...names: string[]): string[][] {
  const header = records[1] ?? [];
  const at = names.map((name) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`the packet CSV has no column "${name}": ${JSON.stringify(header)}`);
    return i;
  });
  return records.slice(2).map((r) => at.map((i) => r[i]!));
}
