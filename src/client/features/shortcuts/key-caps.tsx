/** Keys as the keyboard shows them; read as 'Ctrl K' by screen readers. */
export function KeyCaps({ keys }: { keys: readonly string[] }) {
  return (
    <span className="flex gap-1">
      {keys.map((key) => (
        <kbd
          key={key}
          className="min-w-5 rounded border bg-muted px-1.5 text-center font-mono text-muted-foreground text-xs"
        >
          {key}
        </kbd>
      ))}
    </span>
  );
}
