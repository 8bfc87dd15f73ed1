import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { gregorianToHijri } from '@tasreeh/shared';
import QRCode from 'qrcode';

/** The fonts shipped in the repository (Noto Naskh Arabic, Noto Sans; OFL), as the invoices use them. */
const FONTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts');
const WORKSPACE = path.resolve(FONTS, '..');

let compiler: NodeCompiler | undefined;
function compilerOf(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontPaths: [FONTS] }] });
  return compiler;
}

/** What the certificate PDF prints; every value is data read by the template, never markup. */
export interface CertificateDocument {
  centreNameEn: string;
  centreNameAr: string;
  serial: string;
  nameEn: string;
  nameAr: string;
  idNumber: string;
  courseEn: string;
  courseAr: string;
  score: string;
  issuedOn: string;
  validUntil: string;
  /** The verification page's address with the signed code: what the QR carries. */
  verifyUrl: string;
  photo: { bytes: Buffer; mimeType: 'image/png' | 'image/jpeg' } | undefined;
}

/**
 * The certificate's Typst source: A4, English on the left and Arabic on the right, the values
 * from `/certificate.json`, the photo from `/photo.*` and the QR from `/qr.svg`.
 */
export const CERTIFICATE_TEMPLATE = `
#set page(paper: "a4", margin: 18mm)
#set text(font: ("Noto Sans", "Noto Naskh Arabic"), size: 11pt)
#let d = json("/certificate.json")
#let both(en, ar) = grid(columns: (1fr, 1fr), align(left, en), align(right, text(dir: rtl, ar)))
#let figures(value) = box(text(dir: ltr, value))
#both(text(size: 13pt, weight: "bold", d.centreNameEn), text(size: 13pt, weight: "bold", d.centreNameAr))
#v(8mm)
#align(center, text(size: 22pt, weight: "bold", "Certificate of Passing"))
#align(center, text(size: 22pt, weight: "bold", dir: rtl, "شهادة اجتياز"))
#v(6mm)
#grid(columns: (1fr, 34mm), gutter: 8mm,
  [
    #both([This certifies that], [تشهد بأن])
    #v(2mm)
    #both(text(size: 16pt, weight: "bold", d.nameEn), text(size: 16pt, weight: "bold", d.nameAr))
    #v(2mm)
    #both([*ID number:* #d.idNumber], [*رقم الهوية:* #figures(d.idNumber)])
    #both([has passed the course], [قد اجتاز دورة])
    #both(text(weight: "bold", d.courseEn), text(weight: "bold", d.courseAr))
    #both([*Score:* #d.score %], [*الدرجة:* #figures(d.score + " %")])
  ],
  if d.photo != none { image(d.photo, width: 34mm) } else { rect(width: 34mm, height: 42mm, stroke: 0.5pt + gray) },
)
#v(8mm)
#both([*Certificate number:* #d.serial], [*رقم الشهادة:* #figures(d.serial)])
#both([*Issued on:* #d.issuedOn (#d.issuedOnHijri AH)], [*تاريخ الإصدار:* #figures(d.issuedOn) — #figures(d.issuedOnHijri) هـ])
#both([*Valid until:* #d.validUntil (#d.validUntilHijri AH)], [*صالحة حتى:* #figures(d.validUntil) — #figures(d.validUntilHijri) هـ])
#v(10mm)
#grid(columns: (62mm, 1fr), gutter: 8mm,
  image("/qr.svg", width: 62mm),
  [
    #both([Scan the code to check this certificate, even without a network.], [امسح الرمز للتحقق من هذه الشهادة، ولو دون اتصال بالشبكة.])
  ],
)
`;

/** A Gregorian day `YYYY-MM-DD` as its Umm al-Qura day `YYYY/MM/DD`, or the empty text outside the table. */
export function hijriOf(day: string): string {
  const hijri = gregorianToHijri(day);
  if (!hijri) return '';
  const two = (value: number) => String(value).padStart(2, '0');
  return `${hijri.year}/${two(hijri.month)}/${two(hijri.day)}`;
}

/** The QR's SVG of the verification address (error correction M: a crease or a stain still reads). */
export function certificateQrSvg(verifyUrl: string): Promise<string> {
  return QRCode.toString(verifyUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 });
}

/** What the template reads, with the photo's path (or none) and both calendars. */
export function certificateData(document: CertificateDocument, photoPath: string | null) {
  const { photo: _photo, verifyUrl: _url, ...fields } = document;
  return {
    ...fields,
    photo: photoPath,
    issuedOnHijri: hijriOf(document.issuedOn),
    validUntilHijri: hijriOf(document.validUntil),
  };
}

/** The bilingual A4 certificate PDF (Typst, DESIGN §5 Documents); a photo Typst cannot read is left out. */
export async function certificatePdf(document: CertificateDocument): Promise<Buffer> {
  try {
    return await compileCertificate(document);
  } catch (error) {
    if (!document.photo) throw error;
    return compileCertificate({ ...document, photo: undefined });
  }
}

async function compileCertificate(document: CertificateDocument): Promise<Buffer> {
  const svg = await certificateQrSvg(document.verifyUrl);
  const typst = compilerOf();
  const photoPath = document.photo
    ? `/photo.${document.photo.mimeType === 'image/png' ? 'png' : 'jpg'}`
    : null;
  const mapped = [path.join(WORKSPACE, 'qr.svg'), path.join(WORKSPACE, 'certificate.json')];
  // The compiler is synchronous: nothing else can slip in between mapping the files and compiling.
  typst.mapShadow(path.join(WORKSPACE, 'qr.svg'), Buffer.from(svg));
  typst.mapShadow(
    path.join(WORKSPACE, 'certificate.json'),
    Buffer.from(JSON.stringify(certificateData(document, photoPath))),
  );
  if (document.photo && photoPath) {
    mapped.push(path.join(WORKSPACE, photoPath));
    typst.mapShadow(path.join(WORKSPACE, photoPath), document.photo.bytes);
  }
  try {
    return typst.pdf({ mainFileContent: CERTIFICATE_TEMPLATE });
  } finally {
    for (const file of mapped) typst.unmapShadow(file);
  }
}
