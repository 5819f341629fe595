export const primaryButtonClass =
  "bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-medium text-white disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60";
export const dangerButtonClass =
  "rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";
export const fieldClass =
  "focus:border-brand-600 mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700";
