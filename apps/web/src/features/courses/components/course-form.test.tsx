import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { courseFeeOptionsQuery } from '../api.ts';
import { bodyOf, CourseForm, validateCourse, valuesOf } from './course-form.tsx';
import { imageProblem } from './course-image-field.tsx';

const FEE = {
  id: 7,
  nameEn: 'Health education course',
  nameAr: 'دورة التثقيف الصحي',
  active: true,
  breakdown: { originalFee: 20_000, amanaFee: 2_000, vatBase: 20_000, vat: 3_000, total: 25_000 },
};

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  const client = new QueryClient();
  client.setQueryData(courseFeeOptionsQuery().queryKey, [FEE]);
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CourseForm
          submitting={false}
          submitLabel="Save"
          cancelTo="/admin/course-management"
          onSubmit={onSubmit}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSubmit;
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

const VALID = {
  ...valuesOf(undefined),
  nameEn: 'Food Safety & Hygiene',
  nameAr: 'سلامة الغذاء',
  sector: 'food_safety',
  language: 'ur',
  level: 'basic',
  feeSetupId: '7',
};

describe('CourseForm', () => {
  it('shows every missing field’s message, focuses the first and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en)).toHaveLength(2);
    for (const code of [
      'SELECT_SECTOR',
      'SELECT_TRAINING_LANGUAGE',
      'SELECT_LEVEL',
      'SELECT_COURSE_FEES',
    ] as const) {
      expect(screen.getByText(MESSAGES[code].en)).toBeInTheDocument();
    }
    const nameEn = screen.getByRole('textbox', { name: /Course name in English/ });
    expect(nameEn).toHaveAttribute('aria-invalid', 'true');
    expect(nameEn).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says in Arabic that a course name must be alphabetic', async () => {
    await act(() => i18next.changeLanguage('ar'));
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: /اسم الدورة بالعربية/ }), 'دورة ٣');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.COURSE_NAME_ALPHABETIC.ar)).toBeInTheDocument();
  });

  it('checks the names by the shared rules and leaves blanks out of the body', () => {
    expect(validateCourse(VALID)).toEqual({});
    expect(bodyOf(VALID)).not.toHaveProperty('descriptionEn');
    expect(validateCourse({ ...VALID, nameEn: 'Food Safety 101' })).toEqual({
      nameEn: 'COURSE_NAME_ALPHABETIC',
    });
    expect(validateCourse({ ...VALID, nameAr: 'Food' })).toEqual({ nameAr: 'COURSE_NAME_ALPHABETIC' });
  });

  it('refuses an image that is not JPEG, PNG or WEBP, or larger than 2 MB, before sending it', () => {
    expect(imageProblem(new File(['x'], 'a.gif', { type: 'image/gif' }))?.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const large = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' });
    expect(imageProblem(large)?.code).toBe('FILE_TOO_LARGE');
    expect(imageProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeUndefined();
  });
});
