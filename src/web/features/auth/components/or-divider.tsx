export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-300" />
      or
      <span className="h-px flex-1 bg-slate-300" />
    </div>
  );
}
