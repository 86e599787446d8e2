import { Camera } from 'lucide-react';
import { toast } from '@/components/ui/use-toast';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@/lib/constants';
import { readFileAsDataUrl } from '@/lib/read-file';

/** Why a chosen file cannot be used, or null when it is fine. The gateway enforces the same limits. */
function pictureProblem(file: File): string | null {
  if (!PROFILE_PICTURE_TYPES.includes(file.type)) return 'Please choose a PNG, JPEG or WebP image.';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'Please choose an image smaller than 5 MB.';
  return null;
}

export function ProfilePictureField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (dataUrl: string) => void;
}) {
  async function handleFile(file: File | undefined) {
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      toast({ title: 'Unsupported picture', description: problem, variant: 'destructive' });
      return;
    }
    try {
      onChange(await readFileAsDataUrl(file));
    } catch {
      toast({
        title: 'Unsupported picture',
        description: 'That file could not be read. Please try another photo.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <label
        htmlFor="profilePicture"
        className="group relative flex h-24 w-24 cursor-pointer items-center justify-center overflow-hidden rounded-full border-2 border-dashed border-rose-300 bg-rose-50 text-rose-600 focus-within:ring-2 focus-within:ring-rose-500 focus-within:ring-offset-2 hover:border-rose-500"
      >
        {value ? (
          <img src={value} alt="Profile picture preview" className="h-full w-full object-cover" />
        ) : (
          <Camera className="h-8 w-8" aria-hidden />
        )}
        <span className="sr-only">Profile picture</span>
        <input
          id="profilePicture"
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(',')}
          className="sr-only"
          onChange={(event) => void handleFile(event.target.files?.[0])}
        />
      </label>
      <p className="text-sm text-slate-600">{value ? 'Tap to change your photo' : 'Add a clear photo of your face'}</p>
    </div>
  );
}
