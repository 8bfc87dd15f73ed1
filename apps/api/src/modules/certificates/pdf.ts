import { bilingualPreamble, compilePdf, hijriOf, jsonFile, qrSvg } from '../../lib/bilingual-pdf.ts';

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
  /** The photo the certificate keeps from its issue (decision 0025). */
  photo: { bytes: Buffer; mimeType: 'image/png' | 'image/jpeg' | 'image/webp' } | undefined;
}

/**
 * The certificate's Typst source: A4, English on the left and Arabic on the right, the values
 * from `/certificate.json`, the photo from `/photo.*` and the QR from `/qr.svg`.
 */
export const CERTIFICATE_TEMPLATE = `${bilingualPreamble('11pt')}
#let d = json("/certificate.json")
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

const PHOTO_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

async function compileCertificate(document: CertificateDocument): Promise<Buffer> {
  const photoPath = document.photo ? `/photo.${PHOTO_EXTENSIONS[document.photo.mimeType]}` : null;
  return compilePdf(CERTIFICATE_TEMPLATE, {
    '/qr.svg': await qrSvg(document.verifyUrl),
    '/certificate.json': jsonFile(certificateData(document, photoPath)),
    ...(document.photo && photoPath ? { [photoPath]: document.photo.bytes } : {}),
  });
}
