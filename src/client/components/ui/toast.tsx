import type { ComponentProps } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';

// Radix Toast styled shadcn-style. The behavioural constants of SPEC §9 (duration, swipe, hotkey)
// are set once in <Toaster/>; these are only the visual parts.

/** SPEC §9: toasts stay 5000 ms, are swiped away to the right past 50 px, and F8 focuses them. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider {...props} />;
}

function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        // On a phone just below the 3.5rem header, full width. From sm up, bottom left (as GitHub's
        // and Atlassian's): top right sat over the page's own actions ("Invite user", "New case", a
        // row's buttons), which could not be clicked for the toast's five seconds; bottom right, over
        // the chat inputs (messages, live support) and the floating support button. The empty
        // viewport lets clicks through (each toast takes them back: pointer-events-auto).
        'pointer-events-none fixed top-14 right-0 z-[100] flex max-h-[calc(100svh-3.5rem)] w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:right-auto sm:bottom-0 sm:left-0 sm:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg transition-transform duration-200 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
  {
    variants: {
      variant: {
        default: 'border bg-background text-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

function Toast({ className, variant, ...props }: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root data-slot="toast" className={cn(toastVariants({ variant }), className)} {...props} />;
}

function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="Close notification"
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 group-[.destructive]:focus-visible:ring-white/60',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title data-slot="toast-title" className={cn('text-sm font-semibold', className)} {...props} />;
}

function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description data-slot="toast-description" className={cn('text-sm', className)} {...props} />;
}

export { ToastProvider, ToastViewport, Toast, ToastClose, ToastTitle, ToastDescription };
