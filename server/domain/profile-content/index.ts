// The profile-content module's public face: the one accessor of providers.custom_content.
export {
  contentOf,
  type CustomContent,
  type CustomContentChange,
  mergeCustomContent,
  mergeCustomContentObject,
  readCustomContent,
} from './custom-content';
