// Wizard step: a headshot, cropped with the PhotoCropper island (a centred square without JavaScript).
import { PostForm } from '../../components/PostForm';
import { Island } from '../../components/Island';
import { WizardFrame, type WizardProgress } from './WizardFrame';
import { Button } from '../../components/ui/Button';

export function PhotosStepPage({
  providerId,
  progress,
  currentImageUrl,
  error,
}: {
  providerId: number;
  progress?: WizardProgress;
  currentImageUrl: string | null;
  error?: string;
}) {
  return (
    <WizardFrame step="photos" providerId={providerId} progress={progress}>
      <p>
        Clients connect with a face. Choose a clear, colorful photo of yourself; you can move the square to crop it.
      </p>
      {currentImageUrl && (
        <figure className="headshot">
          <img src={currentImageUrl} alt="Your current headshot" width={250} height={250} />
          <figcaption>Your current headshot. Upload a new one to replace it.</figcaption>
        </figure>
      )}
      <PostForm action={`/profiles/photos-for/${providerId}`} encType="multipart/form-data">
        <Island
          name="PhotoCropper"
          props={{
            name: 'headshot',
            label: 'Headshot',
            hint: 'A JPEG, PNG or WebP photo of at least 100 KB.',
            ...(error ? { error } : {}),
          }}
        />
        <div className="actions">
          <Button>Upload and continue</Button>
          {currentImageUrl && <a href={`/profiles/go-live-for/${providerId}`}>Keep this photo</a>}
        </div>
      </PostForm>
    </WizardFrame>
  );
}
