import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { INPUT_CLASS, INPUT_TEXT_CLASS } from './variants';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(INPUT_CLASS, INPUT_TEXT_CLASS, className)} {...props} />;
}
