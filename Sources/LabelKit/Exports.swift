// `import LabelKit` brings everything an app needs: the text model, link detection, the layout and the interaction
// machines, and the Linux backends with the system typesetter over them. This module declares nothing of its own.
@_exported import LabelKitInteraction
@_exported import LabelKitLayout
@_exported import LabelKitLinks
@_exported import LabelKitLinux
@_exported import LabelKitText
