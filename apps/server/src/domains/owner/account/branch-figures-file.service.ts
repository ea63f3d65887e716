import { PassThrough } from 'node:stream';
import { BRANCH_FIGURE_COLUMNS, type TBranchFigures, type TBranchFiguresAnswer } from '@starloop/contract';
import ExcelJS from 'exceljs';
import { csvCell, csvLines } from '../../../lib/spreadsheet.ts';

/** The All branches table as a file: one row per branch, the totals last; shares as fractions (0.25). */

const HEADERS = ['Branch', 'Code', ...BRANCH_FIGURE_COLUMNS.map((c) => c.header)];
const figureCells = (f: TBranchFigures) => BRANCH_FIGURE_COLUMNS.map((c) => f[c.key]);

const branchLabel = (b: { businessName: string; city: string | null }) =>
  b.city ? `${b.businessName}, ${b.city}` : b.businessName;

function tableRows(answer: TBranchFiguresAnswer): (string | number)[][] {
  return [
    ...answer.branches.map((b) => [branchLabel(b), b.code, ...figureCells(b.figures)]),
    ['All branches', '', ...figureCells(answer.totals)],
  ];
}

export const branchFiguresFileName = (answer: TBranchFiguresAnswer, format: 'csv' | 'xlsx') =>
  `starloop-branches-${answer.from}-to-${answer.to}.${format}`;

/** UTF-8 with a BOM (for Excel), CRLF lines; texts that would run as a formula are defused. */
export function branchFiguresCsv(answer: TBranchFiguresAnswer): Buffer {
  const lines = csvLines([HEADERS, ...tableRows(answer).map((row) => row.map((cell) => csvCell(cell)))]);
  return Buffer.from(`\uFEFF${lines}`, 'utf8');
}

/** One sheet, numbers as numbers (shares formatted as percentages), the header bold. */
export async function branchFiguresXlsx(answer: TBranchFiguresAnswer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  workbook.creator = 'StarLoop';
  const sheet = workbook.addWorksheet('All branches');
  sheet.columns = HEADERS.map((header, i) => ({ header, key: String(i), width: i === 0 ? 32 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const values of tableRows(answer)) {
    const row = sheet.addRow(values);
    BRANCH_FIGURE_COLUMNS.forEach((column, i) => {
      if (column.kind === 'share') row.getCell(i + 3).numFmt = '0.0%';
      if (column.kind === 'rating') row.getCell(i + 3).numFmt = '0.00';
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
