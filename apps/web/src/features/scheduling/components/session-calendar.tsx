import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './session-calendar.css';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import arLocale from '@fullcalendar/react/locales/ar';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Box } from '@mantine/core';
import { CENTRE_TIME_ZONE, centreDay, type SessionItem } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateTimeFormat, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

const DAY_MS = 86_400_000;

export interface CalendarRange {
  /** First and last Riyadh days shown, both included. */
  from: string;
  to: string;
}

/**
 * The sessions calendar (spec §2 scheduling): Today, Month, Week, Day and List views, in the
 * centre's time zone whatever the browser's, in Arabic right to left with FullCalendar's `ar`
 * locale, and the Hijri (Umm al-Qura) date with each Gregorian one: in Month view the Hijri day
 * small under the day's number (its month too where the calendar is wide enough), in the Week,
 * Day and List views the whole Hijri date.
 */
export function SessionCalendar({
  sessions,
  viewPathOf,
  onRangeChange,
}: {
  sessions: readonly SessionItem[];
  /** Where a session opens (its view page in the area). */
  viewPathOf: (session: SessionItem) => string;
  onRangeChange: (range: CalendarRange) => void;
}) {
  const { t } = useTranslation('scheduling');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const hijriDay = dateTimeFormat(language, {
    calendar: 'islamic-umalqura',
    day: 'numeric',
    timeZone: CENTRE_TIME_ZONE,
  });
  const hijriMonth = dateTimeFormat(language, {
    calendar: 'islamic-umalqura',
    month: 'short',
    timeZone: CENTRE_TIME_ZONE,
  });
  const hijriFull = dateTimeFormat(language, {
    calendar: 'islamic-umalqura',
    dateStyle: 'medium',
    timeZone: CENTRE_TIME_ZONE,
  });

  const isHijriMonthStart = (date: Date) =>
    hijriMonth.format(date) !== hijriMonth.format(new Date(date.getTime() - DAY_MS));

  const events = sessions.map((session) => ({
    id: String(session.id),
    title: `${t(`kind.${session.kind}`)} · ${nameIn(session.course, language)}${
      session.delivery === 'remote' ? ` · ${t('delivery.remote')}` : ''
    }${session.status === 'cancelled' ? ` (${t('status.cancelled')})` : ''}`,
    start: session.startsAt,
    end: session.endsAt,
    url: viewPathOf(session),
    color: session.status === 'cancelled' ? '#495057' : session.kind === 'exam' ? '#c2255c' : '#1971c2',
  }));

  return (
    <Box className="session-calendar" data-testid="session-calendar">
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin]}
        initialView="dayGridMonth"
        timeZone={CENTRE_TIME_ZONE}
        locale={language === 'ar' ? arLocale : 'en-gb'}
        direction={language === 'ar' ? 'rtl' : 'ltr'}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth',
        }}
        todayText={t('views.today')}
        monthText={t('views.month')}
        weekTextLong={t('views.week')}
        dayText={t('views.day')}
        listText={t('views.list')}
        height="auto"
        events={events}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        dayCellTopContent={(arg) => (
          <span className="session-calendar-day">
            <span>{arg.dayNumberText}</span>
            <span className="session-calendar-hijri">
              {hijriDay.format(arg.date)}
              <span
                className="session-calendar-hijri-month"
                data-month-start={isHijriMonthStart(arg.date) || undefined}
              >
                {` ${hijriMonth.format(arg.date)}`}
              </span>
            </span>
          </span>
        )}
        dayHeaderContent={(arg) =>
          arg.view.type.startsWith('timeGrid') ? (
            <span>
              {arg.text}
              <br />
              <span className="session-calendar-hijri">{hijriFull.format(arg.date)}</span>
            </span>
          ) : (
            arg.text
          )
        }
        listDayHeaderContent={(arg) => (
          <span>
            {arg.text} · <span className="session-calendar-hijri">{hijriFull.format(arg.date)}</span>
          </span>
        )}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          if (info.event.url) void navigate(info.event.url);
        }}
        datesSet={(info) => {
          const last = new Date(info.end.getTime() - 1);
          onRangeChange({ from: centreDay(info.start), to: centreDay(last) });
        }}
      />
    </Box>
  );
}
