import { Group, Input } from '@mantine/core';
import { normalizeDigits } from '@tasreeh/shared';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type OtpInputType = 'number' | 'tel' | 'text';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Number of boxes (spec §3: 4 by default). */
  length?: number;
  /** `number` and `tel` accept digits only (Arabic-Indic digits are read as digits). */
  inputType?: OtpInputType;
  /** Name of the whole code for screen readers. */
  label: string;
  onComplete?: (value: string) => void;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
}

/** Keeps only what a box may hold: digits in numeric modes, else any non-space character. */
function acceptedCharacters(raw: string, inputType: OtpInputType): string {
  const normalized = normalizeDigits(raw).replace(/\s+/g, '');
  return inputType === 'text' ? normalized : normalized.replace(/\D/g, '');
}

/**
 * A one-time-code input of N boxes, one character each. Typing moves on, Backspace goes
 * back, arrows move between boxes, and a pasted or auto-filled code spreads over the
 * remaining boxes. Codes are read left to right in both languages.
 */
export function OtpInput({
  value,
  onChange,
  length = 4,
  inputType = 'number',
  label,
  onComplete,
  error = false,
  disabled = false,
  autoFocus = false,
  id,
}: OtpInputProps) {
  const { t } = useTranslation('common');
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const code = value.slice(0, length);
  /** The code as last set, ahead of the re-render, so that focus moves see the new value. */
  const latest = useRef(code);
  latest.current = code;

  const focusBox = (index: number) => {
    const target = boxes.current[Math.max(0, Math.min(index, length - 1))];
    target?.focus();
    target?.select();
  };

  const update = (next: string, focusIndex: number) => {
    const trimmed = next.slice(0, length);
    latest.current = trimmed;
    onChange(trimmed);
    focusBox(focusIndex);
    if (trimmed.length === length && trimmed !== code) onComplete?.(trimmed);
  };

  const insertAt = (index: number, raw: string) => {
    const characters = acceptedCharacters(raw, inputType);
    if (!characters) return;
    const start = Math.min(index, code.length);
    const spread = characters.slice(0, length - start);
    const next = code.slice(0, start) + spread + code.slice(start + spread.length);
    update(next, start + spread.length);
  };

  const handleChange = (index: number, raw: string) => {
    const previous = code[index] ?? '';
    const typed = raw.length > 1 && previous && raw.includes(previous) ? raw.replace(previous, '') : raw;
    if (typed === '') {
      update(code.slice(0, index) + code.slice(index + 1), index);
      return;
    }
    insertAt(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        if (code[index] !== undefined) {
          update(code.slice(0, index) + code.slice(index + 1), index);
          return;
        }
        if (index > 0) update(code.slice(0, index - 1) + code.slice(index), index - 1);
        return;
      }
      case 'Delete':
        event.preventDefault();
        update(code.slice(0, index) + code.slice(index + 1), index);
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(Math.min(index + 1, code.length));
        return;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        focusBox(code.length);
        return;
      default:
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    insertAt(index, event.clipboardData.getData('text'));
  };

  const handleFocus = (index: number) => {
    if (index > latest.current.length) {
      focusBox(latest.current.length);
      return;
    }
    boxes.current[index]?.select();
  };

  return (
    <Group role="group" aria-label={label} id={id} gap="xs" wrap="nowrap" dir="ltr" justify="center">
      {Array.from({ length }, (_, index) => (
        <Input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed for the component's life
          key={index}
          ref={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          value={code[index] ?? ''}
          onChange={(event) => handleChange(index, event.currentTarget.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={() => handleFocus(index)}
          type={inputType === 'tel' ? 'tel' : 'text'}
          inputMode={inputType === 'text' ? 'text' : 'numeric'}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('otp.box', { index: index + 1, total: length })}
          aria-invalid={error || undefined}
          error={error}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          size="lg"
          w={48}
          styles={{ input: { textAlign: 'center', paddingInline: 0, fontVariantNumeric: 'tabular-nums' } }}
        />
      ))}
    </Group>
  );
}
