import { Fieldset, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A named group of a form's fields, side by side in `cols` columns that fall into one on a
 * phone; `footer` (a hint, a long text box, a checklist) comes under them at full width.
 */
export function FormSection({
  legend,
  cols = 2,
  footer,
  children,
}: {
  legend: string;
  cols?: number;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: cols }}>{children}</SimpleGrid>
      {footer}
    </Fieldset>
  );
}
