import { findOccupation, type StudentProfile } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BothCalendars, Detail, DetailSection, NotSet } from '../../../components/details.tsx';
import { dateOf, formatDate, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { cityName, regionName } from '../../branches/components/branch-labels.ts';
import { useCountryOptions } from '../../registration/components/use-countries.ts';

interface Row {
  label: string;
  value: ReactNode;
}

const row = (label: string, value: ReactNode): Row => ({ label, value });

/** Every §3 Student field of a profile, grouped as the form groups them; typed data marked as such. */
export function StudentDetails({ student }: { student: StudentProfile }) {
  const { t } = useTranslation('students');
  const { t: field } = useTranslation('registration');
  const { language } = useLanguage();
  const countries = useCountryOptions(language);
  const none = <NotSet />;
  const typed = (value: string | null, ltr = false) =>
    value ? (
      <bdi data-user-data dir={ltr ? 'ltr' : undefined}>
        {value}
      </bdi>
    ) : (
      none
    );
  /** A known occupation is reference text in the UI language; any other is shown as typed. */
  const occupation = (value: string | null) => {
    const known = value ? findOccupation(value) : undefined;
    return known ? known[language] : typed(value);
  };
  const date = (iso: string | null) => <BothCalendars date={iso ? dateOf(iso) : undefined} />;
  const nationality = countries.find((country) => country.value === student.nationality)?.label;

  const sections: { key: string; title: string; rows: Row[] }[] = [
    {
      key: 'personal',
      title: t('form.personal'),
      rows: [
        row(field('fields.fullNameAr'), typed(student.nameAr)),
        row(field('fields.fullNameEn'), typed(student.nameEn)),
        row(field('fields.dateOfBirth'), date(student.dateOfBirth)),
        row(field('fields.gender'), student.gender ? field(`genders.${student.gender}`) : none),
        row(field('fields.nationality'), nationality ?? none),
        row(field('fields.education'), student.education ? field(`education.${student.education}`) : none),
      ],
    },
    {
      key: 'identity',
      title: t('form.identity'),
      rows: [
        row(field('fields.idType'), student.idType ? field(`idTypes.${student.idType}`) : none),
        row(field('fields.idNumber'), typed(student.idNumber, true)),
        row(field('fields.idExpiry'), date(student.idExpiry)),
        row(field('fields.idIssueSource'), typed(student.idIssueSource)),
        row(field('fields.passportNumber'), typed(student.passportNumber, true)),
        row(field('fields.computerNumber'), typed(student.computerNumber, true)),
        row(field('fields.classification'), typed(student.classification)),
        row(field('fields.occupation'), occupation(student.occupation)),
        row(field('fields.occupationInIqama'), occupation(student.occupationInIqama)),
      ],
    },
    {
      key: 'contact',
      title: t('form.contact'),
      rows: [
        row(field('fields.mobile'), typed(student.phone, true)),
        row(field('fields.email'), typed(student.email, true)),
        row(field('fields.region'), student.region ? regionName(student.region, language) : none),
        row(
          field('fields.city'),
          student.region && student.city ? cityName(student.region, student.city, language) : none,
        ),
        row(
          field('fields.branchId'),
          student.branch ? <span data-user-data>{nameIn(student.branch, language)}</span> : none,
        ),
        row(
          t('profile.corporate'),
          student.corporate ? (
            <span data-user-data>{nameIn(student.corporate, language)}</span>
          ) : (
            t('profile.individual')
          ),
        ),
        row(t('profile.added'), formatDate(new Date(student.createdAt), language)),
      ],
    },
  ];

  return (
    <>
      {sections.map((section) => (
        <DetailSection key={section.key} title={section.title}>
          {section.rows.map((item) => (
            <Detail key={item.label} label={item.label}>
              {item.value}
            </Detail>
          ))}
        </DetailSection>
      ))}
    </>
  );
}
